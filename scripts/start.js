#!/usr/bin/env node
/**
 * `npm start`: the Electron app, fetching Electron's binary first when it is missing;
 * otherwise (an offline mirror, a failed download, or ELECTRON_SKIP_BINARY_DOWNLOAD=1) serve
 * mode on 127.0.0.1, whose URL is printed for a browser. Arguments after `--` are passed on,
 * e.g. `npm start -- --db FILE`. RWB_ELECTRON_DOWNLOAD_TIMEOUT (seconds) bounds the download.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../workers/worker-connection/build-freshness.js';
import { defaultDownloadTimeoutMs, ensureElectronBinary } from './electron-binary.js';
import { ensureElectronNative } from './electron-native.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** npm runs scripts from the package folder; a relative `--db` means the folder `npm start` was typed in. */
function passedArgs() {
  const base = process.env.INIT_CWD ?? process.cwd();
  const args = process.argv.slice(2);
  return args.map((arg, i) => {
    if (args[i - 1] === '--db') return resolve(base, arg);
    return arg.startsWith('--db=') ? `--db=${resolve(base, arg.slice('--db='.length))}` : arg;
  });
}

/** Runs `electron-vite build`; its output is shown only if it fails, to keep the start quiet. */
function build() {
  const electronVite = require('electron-vite/package.json');
  const cli = join(dirname(require.resolve('electron-vite/package.json')), electronVite.bin['electron-vite']);
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error('`electron-vite build` failed');
  }
}

/**
 * Runs a command until it exits and resolves its exit status. On POSIX the child gets its own
 * process group, so a Ctrl-C reaches it once, through here: the terminal and npm would both
 * deliver it otherwise, and a second SIGINT cuts short the server's clean shutdown.
 */
function run(command, args, env = process.env) {
  return new Promise((resolveStatus, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: process.platform !== 'win32',
    });
    const signals = process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
    let lastForward = 0;
    const forward = (signal) => {
      // This process may get the same Ctrl-C from the terminal and from npm; pass on one.
      if (Date.now() - lastForward < 500) return;
      lastForward = Date.now();
      child.kill(signal);
    };
    for (const signal of signals) process.on(signal, forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolveStatus(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

async function startElectron(electron, args) {
  if (buildIsStale()) build();
  ensureElectronNative();
  const env = { ...process.env };
  // Set in the environment, it would make Electron behave as plain Node and never open a window.
  delete env.ELECTRON_RUN_AS_NODE;
  return run(electron, ['.', ...args], env);
}

async function startServe(args, reason) {
  console.log(`No Electron (${reason}), so serve mode starts instead: open the URL below in a browser.`);
  if (buildIsStale()) build();
  return run(process.execPath, [join(root, 'out', 'main', 'cli.js'), 'serve', '--port', process.env.PORT || '0', ...args]);
}

try {
  const seconds = Number(process.env.RWB_ELECTRON_DOWNLOAD_TIMEOUT);
  const electron = await ensureElectronBinary({ timeoutMs: seconds > 0 ? seconds * 1000 : defaultDownloadTimeoutMs });
  process.exitCode = await (electron.path ? startElectron(electron.path, passedArgs()) : startServe(passedArgs(), electron.reason));
} catch (err) {
  console.error(`start: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
