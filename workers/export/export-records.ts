import type { BundleRecord, BundleRecordType, RecordOf } from '../../common/corpus/bundle';
import type { CorpusTable } from '../../common/corpus-tables';
import type { Db } from '../db/open-corpus';
import { exactTexts } from '../db/texts';
import { exactRows } from '../db/wtf8-rows';
import { benchmarkCodec, collectionCodec, failureCodec, programCodec, rolloutCodec, stepCodec, taskCodec, taxonomyCodec } from '../bundle-codecs/corpus-codecs';
import type { ReadContext, RecordCodec, SqlValue } from '../bundle-codecs/record-codec';
import { labelCodec, libraryCodec, rubricCodec, type LibraryRow, type RubricRow } from '../bundle-codecs/rubric-codecs';
import { attemptCodec, caseCodec, experimentCodec } from '../bundle-codecs/run-codecs';

/** Reads rows and texts back exactly, lone surrogates included (see exactRows). */
function readContext(db: Db): ReadContext {
  const exact = exactRows(db);
  function rows<R extends Record<string, unknown>>(table: CorpusTable, sql: string, ...params: SqlValue[]): R[] {
    return db
      .prepare<SqlValue[], R>(sql)
      .all(...params)
      .map((row) => exact(table, row));
  }
  return { rows, text: exactTexts(db) };
}

/** Every row a codec selects, as its bundle record. */
function* recordsOf<T extends BundleRecordType, Row extends Record<string, unknown>>(
  db: Db,
  codec: RecordCodec<T, Row, never, string>,
  from: ReadContext,
  exact: ReturnType<typeof exactRows>,
): Generator<RecordOf<T>> {
  for (const row of db.prepare<[], Row>(codec.select).iterate()) yield codec.read(exact(codec.table, row), from);
}

/**
 * Every corpus row as a bundle record, in an order that needs no forward references.
 * Derived failure events are not written: import derives them again from the steps; only
 * their human annotations (kind, category, cause) travel as failure records.
 */
export function* exportRecords(db: Db): Generator<BundleRecord> {
  const from = readContext(db);
  const exact = exactRows(db);
  yield* recordsOf(db, taxonomyCodec, from, exact);
  yield* recordsOf(db, benchmarkCodec, from, exact);
  yield* recordsOf(db, taskCodec, from, exact);
  yield* recordsOf(db, collectionCodec, from, exact);
  yield* recordsOf(db, rolloutCodec, from, exact);
  yield* recordsOf(db, programCodec, from, exact);
  yield* recordsOf(db, stepCodec, from, exact);
  yield* recordsOf(db, failureCodec, from, exact);
  yield* recordsOf(db, rubricCodec, from, exact);
  yield* recordsOf(db, libraryCodec, from, exact);
  yield* recordsOf(db, labelCodec, from, exact);
  yield* recordsOf(db, caseCodec, from, exact);
  yield* recordsOf(db, experimentCodec, from, exact);
  yield* recordsOf(db, attemptCodec, from, exact);
}

/** A rubrics row as its bundle record; shared with the pipeline, whose replay compares these lines. */
export function rubricToRecord(db: Db, r: RubricRow): RecordOf<'rubric'> {
  return rubricCodec.read(r, readContext(db));
}

/** A libraries row as its bundle record, its rubrics in library order. */
export function libraryToRecord(db: Db, l: LibraryRow): RecordOf<'library'> {
  return libraryCodec.read(l, readContext(db));
}
