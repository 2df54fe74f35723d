/**
 * An annotator's place in each queue and their flags and skips. These are working state, not
 * labels: they stay in this corpus and never travel in exported files.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { LabelTarget } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { targetKey } from './label-rows';
import { targetSetKey } from './target-set';

export interface Mark {
  flagged: boolean;
  skipped: boolean;
}

/** Flags and skips of an annotator under a schema, by target key. */
export function readMarks(db: Db, annotator: string, schema: string): Map<string, Mark> {
  const rows = db
    .prepare<unknown[], { kind: LabelTarget['kind']; id: string; flagged: number; skipped: number }>(
      'SELECT target_kind AS kind, target_id AS id, flagged, skipped FROM label_marks WHERE annotator = ? AND schema_name = ?',
    )
    .all(annotator, schema);
  return new Map(rows.map((r) => [targetKey(r), { flagged: r.flagged === 1, skipped: r.skipped === 1 }]));
}

/** Sets a flag and/or a skip on an item; fields not given keep their value. */
export function saveMark(db: Db, req: ParsedRequestOf<'labels.mark'>): Mark {
  const key = targetKey(req.target);
  const old = readMarks(db, req.annotator, req.schema).get(key) ?? { flagged: false, skipped: false };
  const mark = { flagged: req.flagged ?? old.flagged, skipped: req.skipped ?? old.skipped };
  db.prepare(
    `INSERT INTO label_marks (annotator, schema_name, target_kind, target_id, flagged, skipped, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (annotator, schema_name, target_kind, target_id) DO UPDATE SET flagged = excluded.flagged, skipped = excluded.skipped,
      updated_at = excluded.updated_at`,
  ).run(req.annotator, req.schema, req.target.kind, req.target.id, mark.flagged ? 1 : 0, mark.skipped ? 1 : 0, new Date().toISOString());
  return mark;
}

/** Remembers the item an annotator is on in a queue, so the queue resumes there. */
export function saveCursor(db: Db, req: ParsedRequestOf<'labels.cursor'>): void {
  db.prepare(
    `INSERT INTO label_cursors (annotator, schema_name, target_set, target_kind, target_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (annotator, schema_name, target_set) DO UPDATE SET target_kind = excluded.target_kind, target_id = excluded.target_id,
      updated_at = excluded.updated_at`,
  ).run(req.annotator, req.schema, targetSetKey(req.targetSet), req.target.kind, req.target.id, new Date().toISOString());
}

export function readCursor(db: Db, annotator: string, schema: string, setKey: string): LabelTarget | null {
  const row = db
    .prepare<unknown[], LabelTarget>(
      'SELECT target_kind AS kind, target_id AS id FROM label_cursors WHERE annotator = ? AND schema_name = ? AND target_set = ?',
    )
    .get(annotator, schema, setKey);
  return row ?? null;
}
