/**
 * A label made here, written as the bundle v1 record export will write for it, through the
 * importer's own writer: so its stored hash and extra fields are exactly what importing that
 * record computes, and importing an exported file (bundle or CSV) into the corpus that made
 * it finds every label already there.
 */
import { labelRecord, type RecordOf } from '../../common/corpus/bundle';
import type { LabelTarget } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { RecordWriter } from '../import/record-writer';
import { oneRow } from '../db/one-row';

/** Fields of a label that bundle v1 carries as extra fields. */
export interface LabelExtras {
  schemaVersion?: number;
  taxonomy?: string;
  adjudication?: true;
  retracts?: string;
}

export interface NewLabel {
  annotator: string;
  schema: string;
  target: LabelTarget;
  value: unknown;
  reasons: string[];
  note: string;
  at: string;
  extras: LabelExtras;
}

export function toBundleRecord(label: NewLabel): RecordOf<'label'> {
  const { extras, ...fields } = label;
  return labelRecord.parse({ ...extras, type: 'label', ...fields }) as RecordOf<'label'>;
}

/**
 * One writer per connection for the labels made here. A writer prepares the statements of every
 * record type when it is made, which cost more than the label itself; a label touches none of
 * the state a writer keeps for an import (its references, programs and texts), so one is reused.
 */
const labelWriters = new WeakMap<Db, RecordWriter>();

function labelWriter(db: Db): RecordWriter {
  let writer = labelWriters.get(db);
  if (writer === undefined) {
    writer = new RecordWriter(db);
    labelWriters.set(db, writer);
  }
  return writer;
}

/** Inserts one label row; the caller holds the transaction. Returns the row id. */
export function insertLabel(db: Db, label: NewLabel): number {
  const writer = labelWriter(db);
  // A label derives no failure events, so the writer's failure deriver has nothing to finish.
  writer.write(toBundleRecord(label), { file: 'labels.add', line: 1 });
  return oneRow(
    db
      .prepare<unknown[], number>('SELECT id FROM labels WHERE annotator = ? AND schema_name = ? AND target_kind = ? AND target_id = ? AND made_at = ?')
      .pluck()
      .get(label.annotator, label.schema, label.target.kind, label.target.id, label.at),
  );
}
