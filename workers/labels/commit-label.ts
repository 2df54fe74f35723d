/**
 * Making and undoing labels. Each label is committed on its own, in its own transaction, before
 * the call returns, so a label the UI has been told about survives the process being killed the
 * next moment. Nothing is ever updated or deleted: an undo is a record that retracts one.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { LabelTarget, LabelUndoResult, StoredLabel } from '../../common/labels/labels';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { insertLabel, type NewLabel } from './label-record';
import { labelColumns, labelTime, standingRecords, toStoredLabel, type LabelRow } from './label-rows';
import { getSchema } from '../label-schemas/label-schemas';
import { validateLabel } from './validate-label';

function readLabel(db: Db, id: number): StoredLabel {
  const row = db.prepare<unknown[], LabelRow>(`SELECT ${labelColumns} FROM labels l WHERE l.id = ?`).get(id);
  if (!row) throw new ApiError('internal', `label ${id} vanished after it was written`);
  return toStoredLabel(row);
}

/**
 * A time for a new record of this history: now, or just after its latest record when that is
 * later (another machine's clock), so the new record always supersedes and never collides.
 */
function nextAt(db: Db, annotator: string, schema: string, target: LabelTarget): string {
  const previous = db
    .prepare<unknown[], string>('SELECT made_at FROM labels WHERE annotator = ? AND schema_name = ? AND target_kind = ? AND target_id = ?')
    .pluck()
    .all(annotator, schema, target.kind, target.id);
  const latest = Math.max(0, ...previous.map(labelTime));
  return new Date(Math.max(Date.now(), latest + 1)).toISOString();
}

/**
 * Runs one write transaction with `synchronous = FULL`: in WAL mode the corpus's usual NORMAL
 * already survives a killed process, and FULL makes each label survive a power cut too. The
 * pragma cannot change inside a transaction, and callers hold the write lock, so none is open.
 */
function durably<T>(db: Db, work: () => T): T {
  const usual = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = FULL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma(`synchronous = ${usual}`);
  }
}

/** Inserts a label at its next time; the caller holds the transaction. */
function insert(db: Db, label: Omit<NewLabel, 'at'>): StoredLabel {
  return readLabel(db, insertLabel(db, { ...label, at: nextAt(db, label.annotator, label.schema, label.target) }));
}

function commit(db: Db, label: Omit<NewLabel, 'at'>): StoredLabel {
  return durably(db, () => insert(db, label));
}

/** The label a save with this client id already made, if any. */
function labelOfClientId(db: Db, clientId: string): StoredLabel | null {
  const id = db.prepare<unknown[], number>('SELECT label_id FROM label_client_ids WHERE client_id = ?').pluck().get(clientId);
  return id === undefined ? null : readLabel(db, id);
}

/**
 * Validates a label against its schema's newest version and commits it; returns the stored row.
 * A client id names one label: a save repeating one (a retry whose first answer was lost)
 * returns the record the first save made and writes nothing.
 */
export function addLabel(db: Db, req: ParsedRequestOf<'labels.add'>): StoredLabel {
  const { clientId } = req;
  return durably(db, () => {
    const earlier = clientId === undefined ? null : labelOfClientId(db, clientId);
    if (earlier) return earlier;
    const schema = getSchema(db, req.schema);
    const value = validateLabel(db, schema, req.target, req.value, req.reasons);
    const taxonomy = schema.definition.value.kind === 'taxonomy' ? schema.optionsTaxonomy : null;
    const label = insert(db, {
      annotator: req.annotator,
      schema: req.schema,
      target: req.target,
      value,
      reasons: req.reasons,
      note: req.note,
      extras: { schemaVersion: schema.version, ...(taxonomy ? { taxonomy } : {}), ...(req.adjudication ? { adjudication: true } : {}) },
    });
    if (clientId !== undefined) db.prepare('INSERT INTO label_client_ids (client_id, label_id) VALUES (?, ?)').run(clientId, label.id);
    return label;
  });
}

/**
 * Undoes the annotator's latest standing label under a schema (or latest adjudication) by
 * committing a retraction. Repeated, it walks back through earlier labels, across items.
 */
export function undoLabel(db: Db, req: ParsedRequestOf<'labels.undo'>): LabelUndoResult {
  getSchema(db, req.schema);
  const rows = db
    .prepare<unknown[], LabelRow>(`SELECT ${labelColumns} FROM labels l WHERE l.schema_name = ? AND l.annotator = ?`)
    .all(req.schema, req.annotator);
  const history = rows.map(toStoredLabel).filter((l) => l.adjudication === req.adjudication);
  let last: StoredLabel | null = null;
  for (const stack of standingRecords(history).values()) {
    const top = stack[stack.length - 1];
    if (top && (last === null || labelTime(top.at) > labelTime(last.at) || (labelTime(top.at) === labelTime(last.at) && top.id > last.id))) last = top;
  }
  if (last === null) return { undone: null, retraction: null, current: null };
  const retraction = commit(db, {
    annotator: req.annotator,
    schema: req.schema,
    target: last.target,
    value: null,
    reasons: [],
    note: '',
    extras: { retracts: last.at, ...(req.adjudication ? { adjudication: true } : {}) },
  });
  const after = standingRecords([...history, retraction]).values();
  let current: StoredLabel | null = null;
  for (const stack of after) {
    const top = stack[stack.length - 1];
    if (top && top.target.kind === last.target.kind && top.target.id === last.target.id) current = top;
  }
  return { undone: last, retraction, current };
}
