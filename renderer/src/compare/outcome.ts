/** What happened with a program version, and how two versions' outcomes differ. Pure. */
import type { StepRow } from '../../../common/corpus/corpus-types';
import type { ProgramSide } from '../router/compare-route';

/** The last step of a rollout that ran exactly this program version, or null when none did. */
export function lastStepRunning(steps: readonly StepRow[], side: Pick<ProgramSide, 'path' | 'version'>): StepRow | null {
  let last: StepRow | null = null;
  for (const step of steps) {
    if (step.program?.path === side.path && step.program.version === side.version && (last === null || step.index > last.index)) last = step;
  }
  return last;
}

/** Score B − A, or null unless both scores exist. */
export function scoreDelta(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : b - a;
}

/**
 * Whether a score change is for the better: true, false, or null when it cannot be said (no
 * change, or the two tasks disagree on, or do not record, which direction is better).
 */
export function isImprovement(delta: number, higherIsBetterA: boolean | null, higherIsBetterB: boolean | null): boolean | null {
  if (delta === 0 || higherIsBetterA === null || higherIsBetterA !== higherIsBetterB) return null;
  return higherIsBetterA ? delta > 0 : delta < 0;
}

/** A signed score difference with up to four significant digits: `+0.12`, `−3`, `0`. */
export function formatDelta(delta: number): string {
  if (delta === 0) return '0';
  const magnitude = Number(Math.abs(delta).toPrecision(4));
  return `${delta > 0 ? '+' : '−'}${magnitude}`;
}
