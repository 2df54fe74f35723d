/** `rollouts.compare`: two rollouts' steps aligned on what they did, and what differs between them (docs/definitions.md). */
import type { FailureKind } from '../../common/corpus/corpus-types';
import type { AlignedRow, ComparedRollout, RolloutComparison, RowDifference, UnmatchedFailure } from '../../common/corpus/rollout-comparison';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { rolloutColumns, rolloutJoins, toRolloutRow } from '../corpus/corpus-queries';
import { alignSequences } from './align-sequences';
import { StepKeys } from './step-key';

/**
 * What the alignment reads of a step: no outputs, and of the command only its first line (a
 * heredoc's command holds a whole program: two 10,000-step rollouts may hold megabytes of them).
 */
interface AlignedStep {
  index: number;
  firstLine: string;
  exitCode: number | null;
  timedOut: number;
  killed: number;
  failureKind: string | null;
  programPath: string | null;
  programHash: string | null;
}

/** The command without its leading whitespace, in SQL, so the first line is cut before any text reaches JavaScript. */
const trimmed = `ltrim(s.command, ' ' || char(9, 10, 13))`;

function readSteps(db: Db, rollout: string): AlignedStep[] {
  return db
    .prepare<unknown[], AlignedStep>(
      `SELECT s.idx AS "index",
        CASE instr(${trimmed}, char(10)) WHEN 0 THEN ${trimmed} ELSE substr(${trimmed}, 1, instr(${trimmed}, char(10)) - 1) END AS firstLine,
        s.exit_code AS exitCode, s.timed_out AS timedOut, s.killed, f.kind AS failureKind,
        s.program_path AS programPath, p.content_hash AS programHash
      FROM steps s
      LEFT JOIN failure_events f ON f.rollout_id = s.rollout_id AND f.step_idx = s.idx
      LEFT JOIN program_versions p ON p.rollout_id = s.rollout_id AND p.path = s.program_path AND p.version = s.program_version
      WHERE s.rollout_id = ? ORDER BY s.idx`,
    )
    .all(rollout);
}

/** Which aligned pairs ran commands whose full texts differ, compared by SQLite without reading them out. */
function pairsWithOtherCommands(db: Db, a: string, b: string, indexes: [number, number][]): Set<number> {
  const differing = db
    .prepare<unknown[], number>(
      // CROSS JOIN keeps this order: each pair, then its two steps by primary key (left free, the planner scans the pairs per step).
      `SELECT j.key FROM json_each(?) j
      CROSS JOIN steps sa ON sa.rollout_id = ? AND sa.idx = json_extract(j.value, '$[0]')
      CROSS JOIN steps sb ON sb.rollout_id = ? AND sb.idx = json_extract(j.value, '$[1]')
      WHERE sa.command IS NOT sb.command`,
    )
    .pluck()
    .all(JSON.stringify(indexes), a, b);
  return new Set(differing);
}

function readRollout(db: Db, id: string): Omit<ComparedRollout, 'onlyHere'> {
  const row = db.prepare<unknown[], Record<string, unknown>>(`SELECT ${rolloutColumns} ${rolloutJoins} WHERE r.id = ?`).get(id);
  if (!row) throw new ApiError('not_found', `rollout "${id}" is not in this corpus`);
  const r = toRolloutRow(row);
  return {
    id: r.id,
    taskId: r.taskId,
    agent: r.agent,
    seed: r.seed,
    grade: r.grade,
    score: r.score,
    metric: r.metric,
    higherIsBetter: r.higherIsBetter,
    steps: r.steps,
    failures: r.failures,
    failureKinds: r.failureKinds,
  };
}

interface FailureRow {
  kind: FailureKind;
  exceptionClass: string | null;
  step: number | null;
}

function readFailures(db: Db, rollout: string): FailureRow[] {
  return db
    .prepare<unknown[], FailureRow>(
      `SELECT kind, exception_class AS exceptionClass, step_idx AS step FROM failure_events WHERE rollout_id = ? ORDER BY step_idx IS NULL, step_idx, id`,
    )
    .all(rollout);
}

/** Failures of `mine` beyond those of the same kind and exception class in `theirs`; `rowOf` finds a step's aligned row. */
function failuresOnlyIn(mine: FailureRow[], theirs: FailureRow[], rowOf: (step: number) => number | null): UnmatchedFailure[] {
  const signature = (f: FailureRow) => `${f.kind}\u0000${f.exceptionClass ?? ''}`;
  const theirCounts = new Map<string, number>();
  for (const f of theirs) theirCounts.set(signature(f), (theirCounts.get(signature(f)) ?? 0) + 1);
  const groups = new Map<string, FailureRow[]>();
  for (const f of mine) groups.set(signature(f), [...(groups.get(signature(f)) ?? []), f]);
  const only: UnmatchedFailure[] = [];
  for (const [key, rows] of groups) {
    const extra = rows.length - (theirCounts.get(key) ?? 0);
    if (extra > 0) {
      const at = rows.map((r) => ({ step: r.step, row: r.step === null ? null : rowOf(r.step) }));
      only.push({ kind: rows[0]!.kind, exceptionClass: rows[0]!.exceptionClass, extra, at });
    }
  }
  return only;
}

/** The aligned row of each step index of one side. */
function rowsByStep(steps: AlignedStep[], rows: AlignedRow[], side: 'a' | 'b'): (step: number) => number | null {
  const byPosition = new Int32Array(steps.length).fill(-1);
  rows.forEach((row, i) => {
    const position = row[side];
    if (position !== null) byPosition[position] = i;
  });
  const positions = new Map(steps.map((s, p) => [s.index, p]));
  return (step) => {
    const p = positions.get(step);
    return p === undefined ? null : byPosition[p]!;
  };
}

function differences(a: AlignedStep, b: AlignedStep, otherCommand: boolean): RowDifference[] {
  const differs: RowDifference[] = [];
  if (a.exitCode !== b.exitCode || a.timedOut !== b.timedOut || a.killed !== b.killed || a.failureKind !== b.failureKind) differs.push('outcome');
  if (a.programHash !== b.programHash) differs.push('program');
  if (otherCommand) differs.push('command');
  return differs;
}

/** Rows of the aligned pairs, with a gap row for each step between pairs: one side's steps first, then the other's. */
function alignedRows(a: AlignedStep[], b: AlignedStep[], pairs: [number, number][], otherCommands: Set<number>): AlignedRow[] {
  const rows: AlignedRow[] = [];
  let i = 0;
  let j = 0;
  for (const [pair, [x, y]] of [...pairs, [a.length, b.length] as [number, number]].entries()) {
    for (; i < x; i++) rows.push({ a: i, b: null, differs: ['only_a'] });
    for (; j < y; j++) rows.push({ a: null, b: j, differs: ['only_b'] });
    if (x < a.length && y < b.length) {
      rows.push({ a: x, b: y, differs: differences(a[x]!, b[y]!, otherCommands.has(pair)) });
      i = x + 1;
      j = y + 1;
    }
  }
  return rows;
}

/** Aligns two rollouts' steps by normalised command and program path, read in one snapshot of the corpus. */
export function compareRollouts(db: Db, aId: string, bId: string): RolloutComparison {
  return db.transaction(() => {
    const [aRollout, bRollout] = [readRollout(db, aId), readRollout(db, bId)];
    const [aSteps, bSteps] = [readSteps(db, aId), readSteps(db, bId)];
    const [aFailures, bFailures] = [readFailures(db, aId), readFailures(db, bId)];
    const keys = new StepKeys();
    const keysOf = (steps: AlignedStep[]) => Int32Array.from(steps, (s) => keys.keyOf(s.firstLine, s.programPath));
    const { pairs, approximate } = alignSequences(keysOf(aSteps), keysOf(bSteps));
    const otherCommands = pairsWithOtherCommands(
      db,
      aId,
      bId,
      pairs.map(([x, y]) => [aSteps[x]!.index, bSteps[y]!.index]),
    );
    const rows = alignedRows(aSteps, bSteps, pairs, otherCommands);
    const first = rows.findIndex((r) => r.differs.length > 0);
    return {
      a: { ...aRollout, onlyHere: failuresOnlyIn(aFailures, bFailures, rowsByStep(aSteps, rows, 'a')) },
      b: { ...bRollout, onlyHere: failuresOnlyIn(bFailures, aFailures, rowsByStep(bSteps, rows, 'b')) },
      sameTask: aRollout.taskId === bRollout.taskId,
      rows,
      firstDivergence: first === -1 ? null : first,
      differingRows: rows.filter((r) => r.differs.length > 0).length,
      matchedRows: pairs.length,
      approximateSplits: approximate.length,
    };
  })();
}
