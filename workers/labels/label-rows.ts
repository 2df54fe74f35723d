/**
 * Label rows as StoredLabel, and the rule that picks an annotator's current label from their
 * history. Fields that travel in bundle files (the schema version, the taxonomy, adjudication,
 * retraction) live in the row's `extra` JSON, so an imported label reads the same as one made here.
 */
import type { LabelTarget, StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';

/** Columns of `labels` as StoredLabel needs them; `l` is the table's alias. */
export const labelColumns = `l.id, l.annotator, l.schema_name AS schema,
  coalesce(l.schema_version, json_extract(l.extra, '$.schemaVersion')) AS schemaVersion,
  coalesce(l.taxonomy_version, json_extract(l.extra, '$.taxonomy')) AS taxonomyVersion,
  l.target_kind AS targetKind, l.target_id AS targetId, l.value, l.reasons, l.note, l.made_at AS at,
  coalesce(json_extract(l.extra, '$.adjudication'), 0) AS adjudication, json_extract(l.extra, '$.retracts') AS retracts,
  l.needs_review AS needsReview`;

export interface LabelRow {
  id: number;
  annotator: string;
  schema: string;
  schemaVersion: number | null;
  taxonomyVersion: string | null;
  targetKind: string;
  targetId: string;
  value: string;
  reasons: string;
  note: string;
  at: string;
  adjudication: number;
  retracts: string | null;
  needsReview: number;
}

export function toStoredLabel(row: LabelRow): StoredLabel {
  return {
    id: row.id,
    annotator: row.annotator,
    schema: row.schema,
    schemaVersion: row.schemaVersion === null ? null : Number(row.schemaVersion),
    taxonomyVersion: row.taxonomyVersion === null ? null : String(row.taxonomyVersion),
    target: { kind: row.targetKind as LabelTarget['kind'], id: row.targetId },
    value: JSON.parse(row.value) as unknown,
    reasons: JSON.parse(row.reasons) as string[],
    note: row.note,
    at: row.at,
    adjudication: row.adjudication === 1,
    retracts: row.retracts,
    needsReview: row.needsReview === 1,
  };
}

/** Every label record of a schema (retractions and adjudications included), oldest first. */
export function schemaLabels(db: Db, schema: string): StoredLabel[] {
  const rows = db.prepare<unknown[], LabelRow>(`SELECT ${labelColumns} FROM labels l WHERE l.schema_name = ?`).all(schema);
  return rows.map(toStoredLabel).sort(byTime);
}

/** The instant of a label; `at` strings differ in precision ("…:04Z" vs "…:04.500Z"), so they are compared as times. */
export function labelTime(at: string): number {
  const t = Date.parse(at);
  return Number.isNaN(t) ? 0 : t;
}

/** Oldest first; same instant: the record stored first. */
export function byTime(a: StoredLabel, b: StoredLabel): number {
  return labelTime(a.at) - labelTime(b.at) || a.id - b.id;
}

export const targetKey = (target: LabelTarget) => `${target.kind}\u0000${target.id}`;

/** One history: an annotator's records of one kind (labels or adjudications) on one target. */
const streamKey = (label: StoredLabel) => `${label.annotator}\u0000${label.adjudication ? 1 : 0}\u0000${targetKey(label.target)}`;

/**
 * Replays histories in time order and returns the records still standing, per history, oldest
 * first. A label is pushed; a retraction removes the record it names, so undoing a relabel
 * brings the earlier label back. The last standing record of a history is its current label.
 */
export function standingRecords(labels: readonly StoredLabel[]): Map<string, StoredLabel[]> {
  const stacks = new Map<string, StoredLabel[]>();
  for (const label of [...labels].sort(byTime)) {
    const key = streamKey(label);
    const stack = stacks.get(key) ?? [];
    if (label.retracts === null) stack.push(label);
    else {
      const at = stack.findLastIndex((l) => l.at === label.retracts);
      if (at !== -1) stack.splice(at, 1);
    }
    stacks.set(key, stack);
  }
  return stacks;
}

/** Each annotator's current label per target (adjudications apart when `adjudication`), oldest first. */
export function currentLabels(labels: readonly StoredLabel[], adjudication = false): StoredLabel[] {
  const current: StoredLabel[] = [];
  for (const stack of standingRecords(labels).values()) {
    const top = stack[stack.length - 1];
    if (top && top.adjudication === adjudication) current.push(top);
  }
  return current.sort(byTime);
}
