/**
 * The `rwb` entry tests start as a child process: the built CLI (`out/main/cli.js`) when the
 * build is as new as its sources, otherwise `bin/rwb.js`, which runs the sources through tsx.
 * The two run the same code; the build starts with a third of tsx's CPU, and `npm test`
 * builds before the unit tests, so CI pays tsx's start-up in no test.
 */
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../worker-connection/build-freshness.js';

const builtCli = fileURLToPath(new URL('../../out/main/cli.js', import.meta.url));
const sourceCli = fileURLToPath(new URL('../../bin/rwb.js', import.meta.url));

let chosen: string | undefined;

/** The script to pass to `node` for `rwb`; decided once per test file. */
export function rwbEntry(): string {
  chosen ??= buildIsStale() ? sourceCli : builtCli;
  return chosen;
}
