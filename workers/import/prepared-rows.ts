import type { RecordOf } from '../../common/corpus/bundle';
import { programCodec, stepCodec } from '../bundle-codecs/corpus-codecs';
import { columnPositions, rowValues, type SqlValue } from '../bundle-codecs/record-codec';
import { sha256 } from '../db/texts';
import { extractFailure, type FailureDraft } from '../failures';
import { recordHash } from '../util/canonical-json';

/**
 * A step or program record turned into its row, with the texts the row stores by hash: the
 * codec's values in column order (record hash and text hashes filled in), as the writer binds
 * them. The reader thread prepares them beside the writer, and a row of values crosses to the
 * writer's thread at a third of what the record object costs to clone, with nothing left for
 * the writer to work out but what depends on the corpus.
 */
export type PreparedRow = PreparedStep | PreparedProgram;

export interface PreparedStep {
  type: 'step';
  values: SqlValue[];
  stdout: string;
  stderr: string;
  /** The text came with an earlier row of this import, so the writer has stored it already. */
  stdoutStored: boolean;
  stderrStored: boolean;
  /** The step's failure as extractFailure finds it, null when it did not fail; undefined when not worked out yet (the writer extracts it). */
  failure?: FailureDraft | null;
}

export interface PreparedProgram {
  type: 'program';
  values: SqlValue[];
  /**
   * The program's text, or null when an earlier row of this import carried it: the writer has
   * stored it, and needs nothing else of it (most versions of most programs come again).
   */
  content: string | null;
}

/** Whether a text (by its sha256) came with an earlier row of the same import; it is remembered from then on. */
export type SeenText = (hash: string) => boolean;

/** Where each column of a step's and a program's values sits. */
export const stepColumn = columnPositions(stepCodec.columns);
export const programColumn = columnPositions(programCodec.columns);

/** A step's row; `stdoutHash` and `stderrHash` are the sha256s of its texts (texts.ts). */
export function stepValues(record: RecordOf<'step'>, stdoutHash: string, stderrHash: string): SqlValue[] {
  return rowValues(stepCodec.columns, stepCodec.write(record, { hash: recordHash(record), stdoutHash, stderrHash }));
}

export function programValues(record: RecordOf<'program'>, contentHash: string): SqlValue[] {
  return rowValues(programCodec.columns, programCodec.write(record, { contentHash }));
}

/** Everything writing a step needs that follows from the record alone and the rows before it. */
export function prepareStep(record: RecordOf<'step'>, seen: SeenText): PreparedStep {
  const { command, stdout, stderr, timedOut, killed } = record;
  const stdoutHash = sha256(stdout);
  const stderrHash = sha256(stderr);
  const failure = extractFailure({ command, stdout, stderr, exitCode: record.exitCode ?? null, timedOut, killed });
  const values = stepValues(record, stdoutHash, stderrHash);
  return { type: 'step', values, stdout, stderr, stdoutStored: seen(stdoutHash), stderrStored: seen(stderrHash), failure };
}

export function prepareProgram(record: RecordOf<'program'>, seen: SeenText): PreparedProgram {
  const contentHash = sha256(record.content);
  const values = programValues(record, contentHash);
  return { type: 'program', values, content: seen(contentHash) ? null : record.content };
}
