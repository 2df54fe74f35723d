/**
 * What each value of a label schema needs beyond its status (issue 13 item 2): a run-audit
 * scope classified with a status the schema lists under `evidenceRequiredFor` must carry
 * evidence, and one under `impactRequiredFor` its impact. Pure, so the form, the worker's
 * `labels.add`, label-file import and the review flag all apply the one rule.
 */
import type { LabelSchemaDefinition, RunAuditValue } from './label-schema';

/** One scope whose status needs a field it leaves empty. */
export interface MissingRequirement {
  scope: string;
  scopeLabel: string;
  status: string;
  statusLabel: string;
  field: 'evidence' | 'impact';
}

/** The scopes of a run audit that lack evidence or impact their status needs, in schema order. */
export function missingRequirements(definition: LabelSchemaDefinition, value: RunAuditValue): MissingRequirement[] {
  const rule = definition.value;
  if (rule.kind !== 'scopes') return [];
  const out: MissingRequirement[] = [];
  for (const scope of rule.scopes) {
    const entry = value[scope.value];
    if (!entry) continue;
    const statusLabel = rule.statuses.find((s) => s.value === entry.status)?.label ?? entry.status;
    for (const field of ['evidence', 'impact'] as const) {
      const required = (field === 'evidence' ? definition.evidenceRequiredFor : definition.impactRequiredFor).includes(entry.status);
      if (required && (entry[field] ?? '').trim() === '') out.push({ scope: scope.value, scopeLabel: scope.label, status: entry.status, statusLabel, field });
    }
  }
  return out;
}

/** "Submission timing is Confirmed, which needs evidence": one problem in words. */
export function describeMissing(m: MissingRequirement): string {
  return `${m.scopeLabel} (${m.scope}) is ${m.statusLabel}, which needs ${m.field}`;
}
