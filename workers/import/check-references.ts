import type { Db } from '../db/open-corpus';
import { importError } from './import-error';
import type { PendingReference } from './record-writer';

/** The query that tells whether a referenced record exists, per table; the writer checks with the same ones. */
export const referenceLookups: Record<PendingReference['table'], string> = {
  benchmarks: 'SELECT 1 FROM benchmarks WHERE id = ?',
  tasks: 'SELECT 1 FROM tasks WHERE id = ?',
  collections: 'SELECT 1 FROM collections WHERE id = ?',
  rollouts: 'SELECT 1 FROM rollouts WHERE id = ?',
  rubrics: 'SELECT 1 FROM rubrics WHERE id = ?',
  program_versions: 'SELECT 1 FROM program_versions WHERE rollout_id = ? AND path = ? AND version = ?',
  cases: 'SELECT 1 FROM cases WHERE id = ?',
  experiments: 'SELECT 1 FROM experiments WHERE id = ?',
};

/**
 * Checks every reference a file made once the whole file is written, since records may
 * come in any order. The first dangling one fails the import, naming its line and field.
 */
export function checkReferences(db: Db, references: readonly PendingReference[]): void {
  const statements = new Map(Object.entries(referenceLookups).map(([table, sql]) => [table, db.prepare(sql)]));
  for (const ref of references) {
    if (!statements.get(ref.table)!.get(...ref.key)) {
      throw importError(ref.at, `refers to ${ref.what}, which is neither in this file nor in the corpus`);
    }
  }
}
