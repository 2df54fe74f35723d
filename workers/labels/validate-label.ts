/**
 * Whether a label fits its schema: a target of the schema's kind that is in the corpus, a
 * value the schema allows (a code of its taxonomy, one of its options, a full run-audit form),
 * and reason codes of the schema, with at least one where the value needs a reason.
 */
import { describeMissing, missingRequirements } from '../../common/labels/label-requirements';
import type { LabelSchema, RunAuditValue } from '../../common/labels/label-schema';
import type { LabelTarget } from '../../common/labels/labels';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';

const invalid = (field: string, message: string) => new ApiError('invalid_request', `labels.add: ${field}: ${message}`, { issues: [{ field, message }] });

/** The parts of a rubric_program target id: `["rb-1","r-1","final.py",2]`. */
export function parseProgramTarget(id: string): { rubric: string; rollout: string; path: string; version: number } | null {
  try {
    const parts = JSON.parse(id) as unknown;
    if (!Array.isArray(parts) || parts.length !== 4) return null;
    const [rubric, rollout, path, version] = parts as unknown[];
    if (typeof rubric !== 'string' || typeof rollout !== 'string' || typeof path !== 'string' || !Number.isInteger(version)) return null;
    return { rubric, rollout, path, version: version as number };
  } catch {
    return null;
  }
}

export function programTargetId(rubric: string, rollout: string, path: string, version: number): string {
  return JSON.stringify([rubric, rollout, path, version]);
}

function checkTarget(db: Db, schema: LabelSchema, target: LabelTarget): void {
  const want = schema.definition.target;
  const exists = (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) !== undefined;
  if (want === 'rubric') {
    if (target.kind !== 'rubric') throw invalid('target.kind', `schema "${schema.name}" labels rubrics, not a ${target.kind}`);
    if (!exists('SELECT 1 FROM rubrics WHERE id = ?', target.id)) throw new ApiError('not_found', `rubric "${target.id}" is not in this corpus`);
  } else if (want === 'rollout') {
    if (target.kind !== 'rollout') throw invalid('target.kind', `schema "${schema.name}" labels rollouts, not a ${target.kind}`);
    if (!exists('SELECT 1 FROM rollouts WHERE id = ?', target.id)) throw new ApiError('not_found', `rollout "${target.id}" is not in this corpus`);
  } else {
    const parts = target.kind === 'program' ? parseProgramTarget(target.id) : null;
    if (!parts)
      throw invalid(
        'target',
        `schema "${schema.name}" labels a rubric on a program: {"kind":"program","id":"[\\"RUBRIC\\",\\"ROLLOUT\\",\\"PATH\\",VERSION]"}`,
      );
    if (!exists('SELECT 1 FROM rubrics WHERE id = ?', parts.rubric)) throw new ApiError('not_found', `rubric "${parts.rubric}" is not in this corpus`);
    if (!exists('SELECT 1 FROM program_versions WHERE rollout_id = ? AND path = ? AND version = ?', parts.rollout, parts.path, parts.version)) {
      throw new ApiError('not_found', `program ${parts.path} version ${parts.version} of rollout "${parts.rollout}" is not in this corpus`);
    }
  }
}

/** A run audit's value with every scope, or the first problem found. */
function checkScopes(schema: LabelSchema, value: unknown): RunAuditValue {
  const rule = schema.definition.value;
  if (rule.kind !== 'scopes') throw new Error('checkScopes needs a scopes schema');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('value', 'a run audit is an object with one entry per scope');
  const entries = value as Record<string, unknown>;
  const statuses = rule.statuses.map((s) => s.value);
  for (const key of Object.keys(entries)) {
    if (!rule.scopes.some((s) => s.value === key))
      throw invalid(`value.${key}`, `"${key}" is not a scope of ${schema.name} (${rule.scopes.map((s) => s.value).join(', ')})`);
  }
  const out: RunAuditValue = {};
  for (const scope of rule.scopes) {
    const entry = entries[scope.value] as Record<string, unknown> | undefined;
    if (!entry || typeof entry !== 'object')
      throw invalid(`value.${scope.value}`, `the scope "${scope.label}" is missing (use "not_checked" for a scope not looked at)`);
    if (typeof entry.status !== 'string' || !statuses.includes(entry.status)) {
      throw invalid(`value.${scope.value}.status`, `must be one of ${statuses.join(', ')}`);
    }
    const text = (field: 'evidence' | 'impact') => {
      const v = entry[field] ?? '';
      if (typeof v !== 'string' || v.length > 20_000) throw invalid(`value.${scope.value}.${field}`, 'must be text (at most 20,000 characters)');
      return v;
    };
    out[scope.value] = { status: entry.status, evidence: text('evidence'), impact: text('impact') };
  }
  const missing = missingRequirements(schema.definition, out)[0];
  if (missing) throw invalid(`value.${missing.scope}.${missing.field}`, `${describeMissing(missing)} (${schema.name} version ${schema.version})`);
  return out;
}

/**
 * Checks a label against its schema and returns the value to store (a run audit comes back
 * with exactly its three fields per scope). Throws invalid_request naming the field, or not_found.
 */
export function validateLabel(db: Db, schema: LabelSchema, target: LabelTarget, value: unknown, reasons: string[]): unknown {
  checkTarget(db, schema, target);
  const def = schema.definition;
  let stored = value;
  if (def.value.kind === 'scopes') stored = checkScopes(schema, value);
  else {
    const allowed = schema.options.map((o) => o.value);
    if (def.value.kind === 'taxonomy' && allowed.length === 0) throw invalid('value', 'this corpus has no taxonomy to take a category from');
    if (typeof value !== 'string' || !allowed.includes(value)) {
      const where = def.value.kind === 'taxonomy' ? `a category code of taxonomy ${schema.optionsTaxonomy}` : 'one of';
      throw invalid('value', `${JSON.stringify(value)} is not ${where} (${allowed.join(', ')})`);
    }
  }
  const codes = def.reasons.map((r) => r.code);
  reasons.forEach((reason, i) => {
    if (!codes.includes(reason)) {
      throw invalid(`reasons.${i}`, codes.length ? `"${reason}" is not a reason of ${schema.name} (${codes.join(', ')})` : `${schema.name} takes no reasons`);
    }
    if (reasons.indexOf(reason) !== i) throw invalid(`reasons.${i}`, `"${reason}" is given twice`);
  });
  if (typeof value === 'string' && def.reasonsRequiredFor.includes(value) && reasons.length === 0) {
    throw invalid('reasons', `a ${value} needs at least one reason (${codes.join(', ')})`);
  }
  return stored;
}
