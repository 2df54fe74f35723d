/**
 * The `rwb` entry tests start as a child process: the built CLI (`out/main/cli.js`) when it is
 * at least as new as every source it is built from, otherwise `bin/rwb.js`, which runs the
 * sources through tsx. The two run the same code; the build starts with a third of tsx's CPU,
 * and `npm test` builds before the unit tests, so CI pays tsx's start-up in no test.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const builtCli = join(root, 'out/main/cli.js');
const sourceCli = join(root, 'bin/rwb.js');
/** What the CLI bundle is built from (electron-vite's main entries and the config). */
const sources = ['common', 'workers', 'scripts/sample-corpus', 'fixtures/sample', 'electron.vite.config.ts', 'package.json'].map((p) => join(root, p));

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

let chosen: string | undefined;

/** The script to pass to `node` for `rwb`; decided once per test file. */
export function rwbEntry(): string {
  chosen ??= existsSync(builtCli) && statSync(builtCli).mtimeMs >= Math.max(...sources.filter(existsSync).map(newestMtime)) ? builtCli : sourceCli;
  return chosen;
}
