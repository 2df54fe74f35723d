import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { seedSampleJudging } from './sample-judging';

/** The bundled sample corpus; the same relative place from the sources and from the build output. */
export const sampleBundlePath = fileURLToPath(new URL('../../fixtures/sample/sample-corpus.jsonl', import.meta.url));

/** The user's data folder for the workbench: `RWB_DATA_DIR`, else the platform's convention. */
export function userDataDir(): string {
  if (process.env.RWB_DATA_DIR) return process.env.RWB_DATA_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'Rubric Workbench');
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Rubric Workbench');
  return join(process.env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'rubric-workbench');
}

export function defaultCorpusPath(): string {
  return join(userDataDir(), 'sample.rwb.db');
}

/**
 * Creates the corpus at `dbPath` from the sample bundle when it does not exist yet, then
 * replays the sample's recorded judging into it. A failed first load removes the half-made
 * file, so the next start tries again from scratch.
 */
export async function ensureSampleCorpus(dbPath: string, nativeBinding?: string): Promise<void> {
  if (existsSync(dbPath)) return;
  mkdirSync(dirname(dbPath), { recursive: true });
  try {
    const db = openCorpus(dbPath, { nativeBinding });
    try {
      await importFile(db, sampleBundlePath);
    } finally {
      db.close();
    }
    await seedSampleJudging(dbPath, nativeBinding);
  } catch (err) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
    throw err;
  }
}
