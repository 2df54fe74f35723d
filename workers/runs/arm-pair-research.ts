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

interface Slot {
  task: string;
  arm: 'a' | 'b';
  valid: boolean;
  unknown: boolean;
  wallS: number | null;
}

function validRateDifference(slots: readonly Slot[], unknownAs: UnknownAs): number | null {
  const rate = (arm: 'a' | 'b') => {
    const mine = slots.filter((s) => s.arm === arm);
    if (mine.length === 0) return null;
    const counts = (s: Slot) => (s.unknown ? unknownAs === 'succeeded' || (unknownAs === 'againstA' && arm === 'b') : s.valid);
    return mine.filter(counts).length / mine.length;
  };
  const a = rate('a');
  const b = rate('b');
  return a === null || b === null ? null : a - b;
}

function meanTime(slots: readonly Slot[], arm: 'a' | 'b'): number | null {
  const times = slots.filter((s) => s.arm === arm && s.wallS !== null).map((s) => s.wallS!);
  return times.length ? times.reduce((s, t) => s + t, 0) / times.length : null;
}

function timeDifference(slots: readonly Slot[]): number | null {
  const a = meanTime(slots, 'a');
  const b = meanTime(slots, 'b');
  return a === null || b === null ? null : a - b;
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
  // With a = b every slot is both arms' at once.
  const slots: Slot[] = mine.flatMap((t) => {
    const unknown = !KNOWN.has(t.status);
    const timed = !unknown && t.wallS !== undefined && t.wallS !== null && Number.isFinite(t.wallS) ? t.wallS : null;
    const base = { task: t.task, valid: t.status === 'succeeded' && t.valid === true, unknown, wallS: timed };
    return [...(t.arm === a ? [{ ...base, arm: 'a' as const }] : []), ...(t.arm === b ? [{ ...base, arm: 'b' as const }] : [])];
  });
  const ids = (list: readonly AttemptOutcome[]) => list.flatMap((t) => (t.id === undefined ? [] : [t.id])).sort((x, y) => x - y);
  const { resamples, seed } = options;
  const figure = (statistic: (drawn: readonly Slot[]) => number | null, definition: string, behind: readonly AttemptOutcome[]): ResearchFigure => {
    const value = statistic(slots);
    return { value, ci: value === null ? null : bootstrapTasks(slots, statistic, resamples, seed), definition, attempts: ids(behind) };
  };
  const unknown = mine.filter((t) => !KNOWN.has(t.status));
  const count = (arm: 'a' | 'b', keep: (s: Slot) => boolean) => slots.filter((s) => s.arm === arm && keep(s)).length;
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
    slots: { a: count('a', () => true), b: count('b', () => true) },
    unknown: { a: count('a', (s) => s.unknown), b: count('b', (s) => s.unknown) },
    neverStarted: { a: neverStarted(a), b: neverStarted(b) },
    validity: figure((drawn) => validRateDifference(drawn, 'failed'), researchDefinitions.validity(resamples, seed), mine),
    sensitivity: {
      unknownAsFailed: validRateDifference(slots, 'failed'),
      unknownAsSucceeded: validRateDifference(slots, 'succeeded'),
      definition: researchDefinitions.sensitivity,
      attempts: ids(unknown),
    },
    adverse: figure((drawn) => validRateDifference(drawn, 'againstA'), researchDefinitions.adverse, mine),
    time: {
      ...time,
      meanA: meanTime(slots, 'a'),
      meanB: meanTime(slots, 'b'),
      timed: { a: count('a', (s) => s.wallS !== null), b: count('b', (s) => s.wallS !== null) },
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
