import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium: Playwright cannot download its own browsers on these machines. Its old
 * headless shell (package chromium-headless-shell), the build Playwright itself runs headless
 * tests in, first: the suite took a third less time in it than in the full browser on 2 cores.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.RWB_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : '/usr/lib/chromium/chromium');

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Two at once on 2 cores: a third made the whole run slower (10.3 against 9.7 minutes). Files
  // start in name order, so the two long accessibility sweeps (a11y-themes) start first.
  workers: 2,
  // Bounds, not waits: a passing test never sits on them. Every test waits on state the app
  // exposes; these only decide how long a hang takes to report. One state change on a 2-core
  // machine under full load (two tests, each a Chromium, a server and a worker) has taken 15 s,
  // so an expectation gets 30 s and a test, which starts a server and makes a few dozen, 120 s.
  // No retries: a test that needs one is a bug to fix.
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    viewport: { width: 1400, height: 900 },
    // A failed test keeps its trace: every action with the page's DOM before and after it. The
    // trace's screencast is left out: its frames cost a third of the suite's CPU on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
