import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { rwbBin, sampleBundle, templateCorpus } from './paths';

/**
 * Imports the sample corpus once, through the real CLI, into the template every test copies.
 * The CLI closes the corpus on exit, which folds the WAL into the main file, so a plain copy is whole.
 */
export default function globalSetup(): void {
  mkdirSync(dirname(templateCorpus), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(templateCorpus + suffix, { force: true });
  execFileSync(process.execPath, [rwbBin, 'import', sampleBundle, '--db', templateCorpus, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
