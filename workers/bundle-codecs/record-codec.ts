import type { BundleRecord, BundleRecordType, RecordOf } from '../../common/corpus/bundle';
import {
  attemptRecord,
  benchmarkRecord,
  caseRecord,
  collectionRecord,
  experimentRecord,
  failureRecord,
  labelRecord,
  libraryRecord,
  programRecord,
  rolloutRecord,
  rubricRecord,
  stepRecord,
  taskRecord,
  taxonomyRecord,
} from '../../common/corpus/bundle';
import type { CorpusTable } from '../../common/corpus-tables';
import type { RunResult } from 'better-sqlite3';
import type { Db } from '../db/open-corpus';
import { canonicalJson } from '../util/canonical-json';

/** A value better-sqlite3 binds to a column. */
export type SqlValue = string | number | bigint | null;

/** How a codec reads the rows a record is made of: exact strings (see exactRows), stored texts exact. */
export interface ReadContext {
  /** The rows `sql` selects from `table` (with `rowid AS _rowid`), their strings exact. */
  rows<R extends Record<string, unknown>>(table: CorpusTable, sql: string, ...params: SqlValue[]): R[];
  /** A stored text's body, exact. */
  text(hash: string, body: string): string;
}

/**
 * One bundle record type's place in the corpus: the table its row lives in, the row written
 * for a record (`given` is what the writer adds that the record does not hold: its hash, the
 * hashes of its stored texts), and the record read back from the row `select` returns. Import
 * (RecordWriter) and export (exportRecords) both go through it, so the mapping between a
 * record's fields and its columns is stated once.
 */
export interface RecordCodec<T extends BundleRecordType, Row extends Record<string, unknown>, Given, Column extends string> {
  readonly table: CorpusTable;
  readonly columns: readonly Column[];
  write(record: RecordOf<T>, given: Given): Record<Column, SqlValue>;
  /** Every row of the table as export writes it, in an order that needs no forward references. */
  readonly select: string;
  read(row: Row, from: ReadContext): RecordOf<T>;
}

/** The part of a record stored in a table of its own (a taxonomy's categories, a rubric's support). */
export interface PartCodec<T extends BundleRecordType, Column extends string> {
  readonly table: CorpusTable;
  readonly columns: readonly Column[];
  write(record: RecordOf<T>): Record<Column, SqlValue>[];
}

/** A row as the values of `columns`, in their order: what a prepared INSERT of those columns binds. */
export function rowValues<Column extends string>(columns: readonly Column[], row: Record<Column, SqlValue>): SqlValue[] {
  const values = new Array<SqlValue>(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i]!];
  return values;
}

/** Where each of a codec's columns sits in its rowValues. */
export function columnPositions<Column extends string>(columns: readonly Column[]): Record<Column, number> {
  return Object.fromEntries(columns.map((c, i) => [c, i])) as Record<Column, number>;
}

/**
 * A prepared INSERT of a codec's columns: `run` takes the row its `write` returns, `runValues`
 * the same row as rowValues. Bound by position: bound by name, each column of each row costs
 * the driver a lookup of the name on the row, and an import writes a million steps. With
 * `ignoreConflictOn` (a key), a row whose key is taken is skipped.
 */
export function prepareInsert<Column extends string>(
  db: Db,
  codec: { table: CorpusTable; columns: readonly Column[] },
  ignoreConflictOn?: string,
): { run(row: Record<Column, SqlValue>): RunResult; runValues(values: readonly SqlValue[]): RunResult } {
  const insert = `INSERT INTO ${codec.table} (${codec.columns.join(', ')}) VALUES (${codec.columns.map(() => '?').join(', ')})`;
  const statement = db.prepare<[readonly SqlValue[]]>(ignoreConflictOn === undefined ? insert : `${insert} ON CONFLICT ${ignoreConflictOn} DO NOTHING`);
  const { columns } = codec;
  return {
    run: (row) => statement.run(rowValues(columns, row)),
    runValues: (values) => statement.run(values),
  };
}

/** A JSON column's value; its type is the one the codec wrote there. */
export function fromJson<T>(text: string): T {
  return JSON.parse(text);
}

/** The fields a stored record kept beyond its schema's (see extraOf). */
export function extraFields(extra: string | null): Record<string, unknown> {
  return extra === null ? {} : fromJson<Record<string, unknown>>(extra);
}

export const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
export const optBool = (v: number | null): boolean | undefined => (v === null ? undefined : v === 1);
export const bool = (v: boolean | null | undefined): number | null => (v === undefined || v === null ? null : v ? 1 : 0);
export const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

const knownFields = {
  taxonomy: Object.keys(taxonomyRecord.shape),
  benchmark: Object.keys(benchmarkRecord.shape),
  task: Object.keys(taskRecord.shape),
  collection: Object.keys(collectionRecord.shape),
  rollout: Object.keys(rolloutRecord.shape),
  program: Object.keys(programRecord.shape),
  step: Object.keys(stepRecord.shape),
  failure: Object.keys(failureRecord.shape),
  rubric: Object.keys(rubricRecord.shape),
  library: Object.keys(libraryRecord.shape),
  label: Object.keys(labelRecord.shape),
  case: Object.keys(caseRecord.shape),
  experiment: Object.keys(experimentRecord.shape),
  attempt: Object.keys(attemptRecord.shape),
} satisfies Record<BundleRecordType, string[]>;

const knownFieldSets = new Map(Object.entries(knownFields).map(([type, fields]) => [type, new Set<string>(fields)]));

/** Unknown fields of a record, kept as JSON so export can write them back. */
export function extraOf(record: BundleRecord): string | null {
  const known = knownFieldSets.get(record.type);
  let extra: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(record)) {
    if (!known?.has(key)) (extra ??= {})[key] = value;
  }
  return extra === null ? null : canonicalJson(extra);
}
