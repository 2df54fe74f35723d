/** Test helpers: a Core on a fresh corpus with the sample bundle imported, and label shorthands. */
import { join } from 'node:path';
import { Core } from '../../core/core';
import { sampleBundlePath } from '../../core/sample-corpus';

/** A Core on a new corpus in `dir`, with the sample corpus imported (ana and ben's labels included). */
export async function sampleCore(dir: string, name = 'corpus.db'): Promise<Core> {
  const core = new Core({ dbPath: join(dir, name), shell: 'cli' });
  await core.invoke('import.files', { paths: [sampleBundlePath] });
  return core;
}

export const rubric = (id: string) => ({ kind: 'rubric' as const, id });
