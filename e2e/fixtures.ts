import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { OperationName, RequestOf, ResponseOf } from '../common/contract';
import { callOperation } from './api';
import { screenshotDir, templateCorpus } from './paths';
import { startServe, type ServeProcess } from './serve-process';

export interface Workbench extends ServeProcess {
  dbPath: string;
  /** Calls one operation of the serve-mode API with the token, expects success and returns its value. */
  call<K extends OperationName>(op: K, data: RequestOf<K>): Promise<ResponseOf<K>>;
  /** Opens the app at a hash route and waits until its first screen has loaded. */
  open(route?: string): Promise<void>;
  /** Saves a screenshot of the whole window under e2e/screenshots. */
  screenshot(name: string): Promise<void>;
}

/** Environment variables for the test's `rwb serve`, over the runner's own; undefined removes one. */
export type ServeEnv = Record<string, string | undefined>;

/**
 * Each test gets its own copy of the sample corpus and its own `rwb serve` process, started
 * with `serveEnv` (nothing by default; e2e/model-fixtures.ts points it at a fake model).
 */
export const test = base.extend<{ serveEnv: ServeEnv; workbench: Workbench }>({
  serveEnv: [{}, { option: true }],
  workbench: async ({ page, request, serveEnv }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-'));
    const dbPath = join(dir, 'corpus.db');
    copyFileSync(templateCorpus(), dbPath);
    const server = await startServe(dbPath, serveEnv);
    try {
      await use({
        ...server,
        dbPath,
        call: (op, data) => callOperation(request, server, op, data),
        open: (route = '') => openApp(page, server.url + route),
        screenshot: async (name) => {
          mkdirSync(screenshotDir, { recursive: true });
          await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
        },
      });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
}

export { expect };
