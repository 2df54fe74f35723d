/**
 * Electron's binary for `npm start`. `package.json` denies Electron's install script
 * (`allowScripts: {electron: false}`) so that `npm install` works on offline mirrors; the
 * binary is fetched here instead, on first start, by running that same script
 * (`node_modules/electron/install.js`), so ELECTRON_MIRROR, electron_config_cache, proxies
 * and ELECTRON_SKIP_BINARY_DOWNLOAD mean what Electron's documentation says.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Long enough for Electron's ~100 MB zip on a slow line; a stalled download gives up instead of hanging `npm start`. */
export const defaultDownloadTimeoutMs = 5 * 60_000;

/** The Electron executable, if installed: the `electron` package exports its path, and throws without one. */
export function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The first line of what the installer printed that says what went wrong (it prints an error's stack). */
function reasonFrom(output) {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('at '));
  return line ?? 'the installer printed nothing';
}

/**
 * Makes sure Electron's binary is installed: `{ path }` when it is (fetched now or before),
 * `{ reason }` in one line when it is not. Prints one line before a download starts.
 */
export async function ensureElectronBinary({ env = process.env, timeoutMs = defaultDownloadTimeoutMs, log = console.log } = {}) {
  const installed = electronBinary();
  if (installed) return { path: installed };
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  let packageJson;
  try {
    packageJson = require.resolve('electron/package.json');
  } catch {
    return { reason: 'the electron package is not installed (run `npm install`)' };
  }
  const { version } = require('electron/package.json');
  const source = env.ELECTRON_MIRROR ? ` from ${env.ELECTRON_MIRROR}` : '';
  log(
    `Electron's binary is missing: downloading Electron ${version} for ${process.platform}-${process.arch}${source} (once; up to ${Math.round(timeoutMs / 1000)} s)…`,
  );
  const failure = await runInstaller(join(dirname(packageJson), 'install.js'), env, timeoutMs);
  if (failure) return { reason: failure };
  const path = electronBinary();
  return path ? { path } : { reason: "Electron's installer finished but no binary is there" };
}

/** Runs Electron's install.js; resolves undefined on success, else why it failed. */
function runInstaller(installer, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [installer], { cwd: dirname(installer), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve(`the installer could not run: ${err.message}`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) resolve(`the download took longer than ${Math.round(timeoutMs / 1000)} s`);
      else resolve(code === 0 ? undefined : reasonFrom(output));
    });
  });
}
