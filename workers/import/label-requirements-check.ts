/**
 * The evidence rule of a run-audit schema at the doors that do not go through `labels.add`:
 * a label file is refused whole, naming line and scope, when a label breaks the rule of the
 * schema version it was made under; one made under an older version that breaks the newest
 * rule is imported and flagged for review.
 */
import type { RecordOf } from '../../common/corpus/bundle';
import { describeMissing, missingRequirements } from '../../common/labels/label-requirements';
import type { LabelSchema, RunAuditValue } from '../../common/labels/label-schema';
import type { Db } from '../db/open-corpus';
import { importError, type SourceLocation } from './import-error';
import { getSchema } from '../label-schemas/label-schemas';

function schemaOrNull(db: Db, name: string, version?: number): LabelSchema | null {
  try {
    return getSchema(db, name, version);
  } catch {
    return null;
  }
}

const asAudit = (value: unknown): RunAuditValue | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RunAuditValue) : null;

/**
 * Checks an imported label against the schema version it names (the newest when it names
 * none): a break refuses the file at `at`, naming the scope and the field. Returns whether
 * the label, though it fits its own version, breaks the newest version's rule (flag it).
 */
export function checkImportedLabel(db: Db, record: RecordOf<'label'>, at: SourceLocation): boolean {
  const audit = asAudit(record.value);
  if (audit === null) return false;
  const newest = schemaOrNull(db, record.schema);
  if (newest === null || newest.definition.value.kind !== 'scopes') return false;
  const named = typeof record.schemaVersion === 'number' ? schemaOrNull(db, record.schema, record.schemaVersion) : newest;
  const own = named === null ? [] : missingRequirements(named.definition, audit);
  if (own.length)
    throw importError(
      { ...at, field: `value.${own[0]!.scope}.${own[0]!.field}` },
      `${describeMissing(own[0]!)} under ${record.schema} version ${named!.version}`,
    );
  return missingRequirements(newest.definition, audit).length > 0;
}
