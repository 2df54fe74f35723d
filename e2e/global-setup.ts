import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rwbBin, sampleBundle, templateCorpusEnv } from './paths';

/**
 * Imports the sample corpus once per run, through the real CLI, into the template every test
 * copies. Each run gets its own folder, so two runs at once cannot delete each other's
 * template. The CLI closes the corpus on exit, which folds the WAL into the main file, so a
 * plain copy is whole. Returns the teardown that removes the folder.
 */
export default function globalSetup(): () => void {
  if (!existsSync(rwbBin)) throw new Error(`${rwbBin} is missing: the e2e suite drives the built app, so run \`npm run build\` first`);
  const dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-template-'));
  const template = join(dir, 'sample.db');
  execFileSync(process.execPath, [rwbBin, 'import', sampleBundle, '--db', template, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Workers start after global setup and inherit its environment.
  process.env[templateCorpusEnv] = template;
  return () => rmSync(dir, { recursive: true, force: true });
}
