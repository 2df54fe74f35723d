/**
 * The paired comparison as the research reports it (docs/definitions.md, "Research-style
 * comparison"): for arms A and B, the validity difference with its interval, its sensitivity to
 * unknown outcomes, the adverse-endpoint interval, the difference in time per attempt and the
 * cases better, worse and tied. Pure: the planned slots (with their attempt ids) come in.
 */
import type { ArmPairResearch, CaseGroup, PairedCase, ResearchFigure } from '../../common/runs/run-types';
import type { AttemptOutcome } from './paired-comparison';
import { bootstrapTasks } from './task-bootstrap';

/** Ended outcomes are known; every other planned slot (lost, still queued or never started) is unknown. */
const KNOWN = new Set(['succeeded', 'failed', 'timeout']);

/** An unknown outcome counted as failed (`failed`), succeeded (`succeeded`) or against A (`againstA`). */
type UnknownAs = 'failed' | 'succeeded' | 'againstA';

/** The definition each figure carries beside it (docs/definitions.md, "Research-style comparison"). */
export const researchDefinitions = {
  validity: (resamples: number, seed: number) =>
    `Valid rate of A minus valid rate of B: valid outcomes over every planned slot of the arm (cases × repeats), an unknown, interrupted, still running or never started slot counted as not valid. 95% interval: percentile bootstrap over tasks (a task drawn with all its cases and repeats), ${resamples} resamples, seed ${seed}.`,
  sensitivity:
    'The validity difference again with every unknown outcome counted as failed in both arms, then as succeeded in both: how far outcomes nobody observed could move it.',
  adverse:
    'The validity difference and its 95% interval with every unknown outcome counted against A: not valid in A, valid in B. No way of filling in the lost outcomes makes A look worse.',
  time: 'Mean wall seconds per timed attempt of A minus that of B; an attempt is timed when it ended (succeeded, failed, or timed out at its cap) with a recorded wall time. Unknown outcomes have no time and are left out. 95% interval: bootstrap over tasks, as above. Negative means A ran faster.',
  outcomes:
    "Cases by their improvement (mean over the repeats valid in both arms of s × (score A − score B), s by the task's direction): better when positive, worse when negative, tied when 0; unpaired when no repeat is valid in both arms or the direction is unknown.",
} as const;

/** One arm's slots of one task, summed: every figure is a ratio of these sums over the drawn tasks. */
interface ArmTally {
  slots: number;
  valid: number;
  unknown: number;
  timed: number;
  seconds: number;
}

/** A task's slots in both arms: the unit the bootstrap draws. */
interface TaskTally {
  task: string;
  a: ArmTally;
  b: ArmTally;
}

const sum = (drawn: readonly TaskTally[], arm: 'a' | 'b', field: keyof ArmTally) => drawn.reduce((total, t) => total + t[arm][field], 0);

function validRateDifference(drawn: readonly TaskTally[], unknownAs: UnknownAs): number | null {
  const rate = (arm: 'a' | 'b') => {
    const slots = sum(drawn, arm, 'slots');
    const unknownValid = unknownAs === 'succeeded' || (unknownAs === 'againstA' && arm === 'b');
    return slots === 0 ? null : (sum(drawn, arm, 'valid') + (unknownValid ? sum(drawn, arm, 'unknown') : 0)) / slots;
  };
  const a = rate('a');
  const b = rate('b');
  return a === null || b === null ? null : a - b;
}

function meanTime(drawn: readonly TaskTally[], arm: 'a' | 'b'): number | null {
  const timed = sum(drawn, arm, 'timed');
  return timed === 0 ? null : sum(drawn, arm, 'seconds') / timed;
}

function timeDifference(drawn: readonly TaskTally[]): number | null {
  const a = meanTime(drawn, 'a');
  const b = meanTime(drawn, 'b');
  return a === null || b === null ? null : a - b;
}

/** Per task, the sums of each arm's slots (with a = b a slot counts in both). */
function taskTallies(attempts: readonly AttemptOutcome[], a: string, b: string): TaskTally[] {
  const empty = (): ArmTally => ({ slots: 0, valid: 0, unknown: 0, timed: 0, seconds: 0 });
  const byTask = new Map<string, TaskTally>();
  for (const t of attempts) {
    const tally = byTask.get(t.task) ?? { task: t.task, a: empty(), b: empty() };
    byTask.set(t.task, tally);
    const unknown = !KNOWN.has(t.status);
    const seconds = !unknown && t.wallS !== undefined && t.wallS !== null && Number.isFinite(t.wallS) ? t.wallS : null;
    for (const arm of [t.arm === a ? tally.a : null, t.arm === b ? tally.b : null]) {
      if (arm === null) continue;
      arm.slots += 1;
      if (unknown) arm.unknown += 1;
      else if (t.status === 'succeeded' && t.valid === true) arm.valid += 1;
      if (seconds !== null) {
        arm.timed += 1;
        arm.seconds += seconds;
      }
    }
  }
  return [...byTask.values()];
}

/**
 * The research figures of A against B over `attempts`, which must hold every planned slot of
 * both arms (a never-started slot as an outcome without an id). `perCase` is the paired
 * comparison's per-case table of the same arms.
 */
export function armPairResearch(
  attempts: readonly AttemptOutcome[],
  a: string,
  b: string,
  perCase: readonly PairedCase[],
  options: { resamples: number; seed: number },
): ArmPairResearch {
  const mine = attempts.filter((t) => t.arm === a || t.arm === b);
  const tallies = taskTallies(mine, a, b);
  const ids = (list: readonly AttemptOutcome[]) => list.flatMap((t) => (t.id === undefined ? [] : [t.id])).sort((x, y) => x - y);
  const { resamples, seed } = options;
  const figure = (statistic: (drawn: readonly TaskTally[]) => number | null, definition: string, behind: readonly AttemptOutcome[]): ResearchFigure => {
    const value = statistic(tallies);
    return { value, ci: value === null ? null : bootstrapTasks(tallies, statistic, resamples, seed), definition, attempts: ids(behind) };
  };
  const unknown = mine.filter((t) => !KNOWN.has(t.status));
  const neverStarted = (arm: string) => unknown.filter((t) => t.arm === arm && t.id === undefined).length;
  const time = figure(
    timeDifference,
    researchDefinitions.time,
    mine.filter((t) => KNOWN.has(t.status) && t.wallS !== undefined && t.wallS !== null),
  );

  const group = (keep: (c: PairedCase) => boolean): CaseGroup => {
    const cases = perCase.filter(keep).map((c) => c.case);
    return { cases, attempts: ids(mine.filter((t) => cases.includes(t.caseId))) };
  };
  return {
    a,
    b,
    tasks: new Set(mine.map((t) => t.task)).size,
    cases: new Set(mine.map((t) => t.caseId)).size,
    slots: { a: sum(tallies, 'a', 'slots'), b: sum(tallies, 'b', 'slots') },
    unknown: { a: sum(tallies, 'a', 'unknown'), b: sum(tallies, 'b', 'unknown') },
    neverStarted: { a: neverStarted(a), b: neverStarted(b) },
    validity: figure((drawn) => validRateDifference(drawn, 'failed'), researchDefinitions.validity(resamples, seed), mine),
    sensitivity: {
      unknownAsFailed: validRateDifference(tallies, 'failed'),
      unknownAsSucceeded: validRateDifference(tallies, 'succeeded'),
      definition: researchDefinitions.sensitivity,
      attempts: ids(unknown),
    },
    adverse: figure((drawn) => validRateDifference(drawn, 'againstA'), researchDefinitions.adverse, mine),
    time: {
      ...time,
      meanA: meanTime(tallies, 'a'),
      meanB: meanTime(tallies, 'b'),
      timed: { a: sum(tallies, 'a', 'timed'), b: sum(tallies, 'b', 'timed') },
    },
    outcomes: {
      better: group((c) => c.improvement !== null && c.improvement > 0),
      worse: group((c) => c.improvement !== null && c.improvement < 0),
      tied: group((c) => c.improvement === 0),
      unpaired: group((c) => c.improvement === null),
      definition: researchDefinitions.outcomes,
    },
  };
}
