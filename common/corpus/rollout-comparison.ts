/** Two rollouts side by side: their steps aligned row by row and what differs between them (docs/definitions.md, "Rollout comparison"). */
import type { FailureKind, Grade } from './corpus-types';

/**
 * Why an aligned row differs: a step on one side only, steps of one command whose outcome
 * (exit code, time-out, kill, failure kind) differs, whose program versions differ in content,
 * or whose commands differ in the numbers or spacing the alignment ignores.
 */
export const rowDifferences = ['only_a', 'only_b', 'outcome', 'program', 'command'] as const;
export type RowDifference = (typeof rowDifferences)[number];

/** One aligned row: each side's step as its position in that rollout's step list (`steps.list` offset), or null for a gap. */
export interface AlignedRow {
  a: number | null;
  b: number | null;
  differs: RowDifference[];
}

/** Failures of one kind and exception class that one side has more of than the other. */
export interface UnmatchedFailure {
  kind: FailureKind;
  exceptionClass: string | null;
  /** How many more this side has. */
  extra: number;
  /** Where each of this side's failures of the kind is: its step index and aligned row, both null for one found at grading. */
  at: { step: number | null; row: number | null }[];
}

/** What the summary shows of one side. */
export interface ComparedRollout {
  id: string;
  taskId: string;
  agent: string | null;
  seed: number | null;
  grade: Grade | null;
  score: number | null;
  metric: string | null;
  higherIsBetter: boolean | null;
  steps: number;
  failures: number;
  failureKinds: Partial<Record<FailureKind, number>>;
  /** Failures this side has that the other does not (by kind and exception class). */
  onlyHere: UnmatchedFailure[];
}

export interface RolloutComparison {
  a: ComparedRollout;
  b: ComparedRollout;
  sameTask: boolean;
  rows: AlignedRow[];
  /** The first row that differs, or null when the two rollouts did the same thing step for step. */
  firstDivergence: number | null;
  /** Rows that differ, of all rows. */
  differingRows: number;
  matchedRows: number;
  /**
   * How many times the two differed by more than the alignment's edit limit (1,024) in one
   * stretch, where it split at the furthest point its search reached: there the rows may leave
   * a few matching steps unaligned. 0 means the alignment is a longest common subsequence.
   */
  approximateSplits: number;
}
