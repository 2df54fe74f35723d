import type { ParsedRequestOf } from '../../common/contract';
import type { StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { byTime, labelColumns, toStoredLabel, type LabelRow } from './label-rows';

/**
 * Every label record the filters select (superseded, retracted and retraction records
 * included), oldest first: the whole history, from which each current label is derived; and
 * every annotator with a record under the other filters (the choices an annotator filter offers).
 */
export function labelHistory(db: Db, req: ParsedRequestOf<'labels.history'>): { total: number; labels: StoredLabel[]; annotators: string[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (req.schema !== undefined) {
    where.push('l.schema_name = ?');
    params.push(req.schema);
  }
  if (req.target !== undefined) {
    where.push('l.target_kind = ? AND l.target_id = ?');
    params.push(req.target.kind, req.target.id);
  }
  const others = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const annotators = db
    .prepare<unknown[], string>(`SELECT DISTINCT l.annotator FROM labels l ${others} ORDER BY l.annotator`)
    .pluck()
    .all(...params);
  if (req.annotator !== undefined) {
    where.push('l.annotator = ?');
    params.push(req.annotator);
  }
  const rows = db.prepare<unknown[], LabelRow>(`SELECT ${labelColumns} FROM labels l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`).all(...params);
  const labels = rows.map(toStoredLabel).sort(byTime);
  return { total: labels.length, labels: labels.slice(req.offset, req.offset + req.limit), annotators };
}
