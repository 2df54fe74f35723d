/**
 * Whether `out/` (electron-vite's build) is older than what it is built from. `npm start`
 * builds when it is; code running from the TypeScript sources (tests, `bin/rwb.js`) uses the
 * built CLI and worker only when it is not, so a test never exercises yesterday's build.
 * Plain JavaScript: `npm start` (scripts/start.js) runs it before anything is built or compiled.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const buildOutputs = ['out/main/index.js', 'out/main/worker.js', 'out/main/cli.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
/** Every entry's sources: the shell, preload, renderer, worker and CLI (the sample corpus it makes included), and the build's config. */
const buildInputs = ['main', 'preload', 'common', 'workers', 'renderer', 'fixtures/sample', 'electron.vite.config.ts', 'package.json'];

/** @param {string} path */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * The build is stale when an output is missing or any source is newer than the oldest output.
 * @param {string} [root] the checkout (this one by default)
 * @returns {boolean}
 */
export function buildIsStale(root = repoRoot) {
  const outputs = buildOutputs.map((p) => join(root, p));
  if (!outputs.every((p) => existsSync(p))) return true;
  const oldestOutput = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const inputs = buildInputs.map((p) => join(root, p)).filter((p) => existsSync(p));
  return Math.max(...inputs.map(newestMtime)) > oldestOutput;
}
