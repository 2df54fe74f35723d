/**
 * A new schema version never rewrites a label: labels that break its rule (a run-audit scope
 * whose status now needs evidence or impact it lacks) are flagged for review instead.
 */
import { missingRequirements } from '../../common/labels/label-requirements';
import type { LabelSchema, RunAuditValue } from '../../common/labels/label-schema';
import type { Db } from '../db/open-corpus';

const asAudit = (value: unknown): RunAuditValue | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RunAuditValue) : null;

/** Flags for review every label of the schema that breaks the rule of `newest`, its newest version; returns how many were newly flagged. */
export function flagBrokenLabels(db: Db, newest: LabelSchema): number {
  if (newest.definition.value.kind !== 'scopes') return 0;
  const rows = db.prepare<unknown[], { id: number; value: string }>('SELECT id, value FROM labels WHERE schema_name = ? AND needs_review = 0').all(newest.name);
  const flag = db.prepare('UPDATE labels SET needs_review = 1 WHERE id = ?');
  let flagged = 0;
  for (const row of rows) {
    const audit = asAudit(JSON.parse(row.value));
    if (audit !== null && missingRequirements(newest.definition, audit).length) {
      flag.run(row.id);
      flagged += 1;
    }
  }
  return flagged;
}
