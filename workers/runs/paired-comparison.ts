import type { ExperimentComparison, PairedCase } from '../../common/runs/run-types';
import { bootstrapOverTasks } from './task-bootstrap';

/** One attempt as the comparison sees it. */
export interface AttemptOutcome {
  /** The attempt row; absent for a planned slot never started. */
  id?: number;
  caseId: string;
  task: string;
  arm: string;
  repeat: number;
  status: string;
  score: number | null;
  valid: boolean | null;
  /** Wall seconds, when recorded. */
  wallS?: number | null;
}

/** A task's metric and direction; `higherIsBetter` null when the corpus does not know it. */
export interface TaskDirection {
  metric: string | null;
  higherIsBetter: boolean | null;
}

/** The comparison's numbers; their meaning is documented on `ExperimentComparison` in common/runs/run-types.ts. */
export type PairedComparison = Omit<ExperimentComparison, 'experiment' | 'a' | 'b' | 'validity' | 'placement' | 'research'>;

export interface ComparisonOptions {
  resamples?: number;
  seed?: number;
}

/** The bootstrap of every comparison figure: B resamples, a fixed seed (docs/definitions.md). */
export const comparisonDefaults = { resamples: 10_000, seed: 20_261_129 } as const;

/** Fewer tasks than this behind a pooled figure gets a warning beside it (docs/definitions.md). */
export const FEW_TASKS = 5;

/** A repeat counts only when it produced a valid score. */
function usable(a: AttemptOutcome | undefined): a is AttemptOutcome & { score: number } {
  return a !== undefined && a.status === 'succeeded' && a.valid === true && a.score !== null && Number.isFinite(a.score);
}

interface CaseTally {
  row: PairedCase;
  /** Per pair: +1 A better, 0.5 tie, 0 B better (direction applied). */
  wins: number[];
}

function tallyCase(caseId: string, task: string, direction: TaskDirection, pairs: [number, number][]): CaseTally {
  const s = direction.higherIsBetter === null ? null : direction.higherIsBetter ? 1 : -1;
  const meanA = pairs.length ? mean(pairs.map((p) => p[0])) : null;
  const meanB = pairs.length ? mean(pairs.map((p) => p[1])) : null;
  const improvement = s === null || !pairs.length ? null : mean(pairs.map(([a, b]) => s * (a - b)));
  const relative = improvement === null || meanB === null || meanB === 0 ? null : improvement / Math.abs(meanB);
  const wins = s === null ? [] : pairs.map(([a, b]) => (a === b ? 0.5 : s * (a - b) > 0 ? 1 : 0));
  const row: PairedCase = {
    case: caseId,
    task,
    metric: direction.metric,
    higherIsBetter: direction.higherIsBetter,
    pairs: pairs.length,
    meanA,
    meanB,
    improvement,
    relative,
    leftOut: null,
  };
  return { row, wins };
}

/** Metric and direction as one comparable key: "rmsle↓". */
function metricKey(row: PairedCase): string {
  return `${(row.metric ?? '').trim().toLowerCase()}${row.higherIsBetter ? '↑' : '↓'}`;
}

/**
 * Paired comparison of arms A and B, docs/definitions.md to the letter. Repeat r of A pairs with
 * repeat r of B when both are valid. Per case, the improvement signs A − B by the task's
 * direction. The pooled effect is the mean improvement when every case of known direction
 * shares one metric and direction; otherwise the relative effect (improvement / |B mean|)
 * is pooled instead. Unknown-direction cases are shown and left out. The CI of the pooled
 * figure resamples tasks (each with all its cases) with a fixed seed.
 */
export function pairedComparison(
  attempts: readonly AttemptOutcome[],
  armA: string,
  armB: string,
  directions: ReadonlyMap<string, TaskDirection>,
  options: ComparisonOptions = {},
): PairedComparison {
  const resamples = options.resamples ?? comparisonDefaults.resamples;
  const seed = options.seed ?? comparisonDefaults.seed;
  const slot = new Map<string, AttemptOutcome>();
  const taskOf = new Map<string, string>();
  const repeatsOf = new Map<string, Set<number>>();
  for (const a of attempts) {
    taskOf.set(a.caseId, a.task);
    slot.set(`${a.caseId}\u0000${a.arm}\u0000${a.repeat}`, a);
    repeatsOf.set(a.caseId, (repeatsOf.get(a.caseId) ?? new Set()).add(a.repeat));
  }
  const tallies = [...taskOf.keys()].sort().map((caseId) => {
    const pairs: [number, number][] = [];
    for (const r of [...repeatsOf.get(caseId)!].sort((x, y) => x - y)) {
      const a = slot.get(`${caseId}\u0000${armA}\u0000${r}`);
      const b = slot.get(`${caseId}\u0000${armB}\u0000${r}`);
      if (usable(a) && usable(b)) pairs.push([a.score, b.score]);
    }
    const task = taskOf.get(caseId)!;
    return tallyCase(caseId, task, directions.get(task) ?? { metric: null, higherIsBetter: null }, pairs);
  });
  const rows = tallies.map((t) => t.row);
  const known = rows.filter((r) => r.higherIsBetter !== null);
  const pooled: 'effect' | 'relative' = new Set(known.map(metricKey)).size <= 1 ? 'effect' : 'relative';
  for (const r of rows) {
    if (r.higherIsBetter === null) r.leftOut = 'direction unknown';
    else if (r.pairs === 0) r.leftOut = 'no pairs';
    else if (pooled === 'relative' && r.relative === null) r.leftOut = 'B mean is 0';
  }
  const inPool = rows.filter((r) => r.leftOut === null);
  const value = (r: PairedCase) => (pooled === 'effect' ? r.improvement! : r.relative!);
  const figure = inPool.length ? mean(inPool.map(value)) : null;
  const wins = tallies.flatMap((t) => t.wins);
  const pairedCases = rows.filter((r) => r.pairs > 0).length;
  const pooledTasks = new Set(inPool.map((r) => r.task)).size;
  const ci =
    figure === null
      ? null
      : bootstrapOverTasks(
          inPool.map((r) => ({ task: r.task, value: value(r) })),
          resamples,
          seed,
        );
  return {
    effect: pooled === 'effect' ? figure : null,
    relativeEffect: pooled === 'relative' ? figure : null,
    pooled: figure === null ? null : pooled,
    ci,
    winRate: wins.length ? wins.reduce((s, w) => s + w, 0) / wins.length : null,
    winPairs: wins.length,
    pooledTasks,
    perCase: rows,
    notes: comparisonNotes(rows, pooled, figure !== null, pooledTasks),
    coverage: rows.length ? pairedCases / rows.length : 0,
    cases: rows.length,
    pairedCases,
    pairs: rows.reduce((s, r) => s + r.pairs, 0),
    resamples,
    seed,
  };
}

/** The caveats a reader of the pooled figures needs, in words (the screen and the CLI print them). */
function comparisonNotes(rows: readonly PairedCase[], pooled: 'effect' | 'relative', shown: boolean, pooledTasks: number): string[] {
  const notes: string[] = [];
  const named = (reason: PairedCase['leftOut']) => rows.filter((r) => r.leftOut === reason).map((r) => `${r.case} (${r.task})`);
  if (pooled === 'relative') {
    const metrics = [
      ...new Set(
        rows.filter((r) => r.higherIsBetter !== null).map((r) => `${r.metric ?? 'unnamed metric'} (${r.higherIsBetter ? 'higher' : 'lower'} is better)`),
      ),
    ];
    notes.push(
      `The cases' tasks use different metrics or directions (${metrics.join(', ')}), so no effect is pooled in their units; the relative effect (improvement / |B mean|) is pooled instead.`,
    );
  }
  const unknown = named('direction unknown');
  if (unknown.length) notes.push(`Left out of the pooled figures and the win rate, direction unknown: ${unknown.join(', ')}.`);
  const zero = named('B mean is 0');
  if (zero.length) notes.push(`Left out of the relative effect, B's paired mean is 0: ${zero.join(', ')}.`);
  if (shown && pooledTasks < FEW_TASKS)
    notes.push(
      `Only ${pooledTasks} task${pooledTasks === 1 ? '' : 's'} behind the pooled figure (fewer than ${FEW_TASKS}): its interval rests on very few tasks.`,
    );
  return notes;
}

/** Valid-rate difference of two arms, every slot in its arm's denominator, with the range unknown outcomes leave open. */
export type ValidityDifference = ExperimentComparison['validity'];

/** Difference of the arms' validity rates, with the range that unknown outcomes leave open. */
export function validityDifference(attempts: readonly AttemptOutcome[], armA: string, armB: string): ValidityDifference {
  const of = (arm: string) => attempts.filter((a) => a.arm === arm);
  const rate = (arm: string, unknownValid: boolean) => {
    const mine = of(arm);
    if (mine.length === 0) return 0;
    return mine.filter((a) => (isUnknown(a) ? unknownValid : a.status === 'succeeded' && a.valid === true)).length / mine.length;
  };
  const asFailed = rate(armA, false) - rate(armB, false);
  return {
    difference: asFailed,
    sensitivity: { unknownAsFailed: asFailed, unknownAsSucceeded: rate(armA, true) - rate(armB, true) },
    slots: { a: of(armA).length, b: of(armB).length },
    unknown: { a: of(armA).filter(isUnknown).length, b: of(armB).filter(isUnknown).length },
  };
}

/** Ended outcomes are known; every other planned slot (lost, still queued or never started) is unknown and stays in the denominator. */
const KNOWN = new Set(['succeeded', 'failed', 'timeout']);

function isUnknown(a: AttemptOutcome): boolean {
  return !KNOWN.has(a.status);
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}
