import type { ArmPlacement } from '../../common/runs/run-types';
import { placeScore, type LeaderboardThresholds } from './leaderboard';
import type { AttemptOutcome } from './paired-comparison';

/**
 * Medal and above-median placement of an arm by the MLE-bench rule, per attempt and pass@k
 * over repeats, over the cases whose task has a leaderboard. Only a succeeded, valid attempt
 * with a score is placed; every other slot stays in the denominator with nothing earned.
 */
export function armPlacement(attempts: readonly AttemptOutcome[], arm: string, boards: ReadonlyMap<string, LeaderboardThresholds>): ArmPlacement {
  const mine = attempts.filter((a) => a.arm === arm && boards.has(a.task));
  const medals = { gold: 0, silver: 0, bronze: 0 };
  let above = 0;
  const byCase = new Map<string, { medal: boolean; above: boolean }>();
  for (const a of mine) {
    const placed = a.status === 'succeeded' && a.valid === true ? placeScore(a.score, boards.get(a.task)!) : { medal: 'none' as const, aboveMedian: false };
    if (placed.medal !== 'none') medals[placed.medal] += 1;
    if (placed.aboveMedian) above += 1;
    const seen = byCase.get(a.caseId) ?? { medal: false, above: false };
    byCase.set(a.caseId, { medal: seen.medal || placed.medal !== 'none', above: seen.above || placed.aboveMedian });
  }
  const slots = mine.length;
  const rate = (n: number, d: number) => (d === 0 ? 0 : n / d);
  const cases = [...byCase.values()];
  return {
    slots,
    medals,
    medalRate: rate(medals.gold + medals.silver + medals.bronze, slots),
    aboveMedianRate: rate(above, slots),
    cases: cases.length,
    anyMedalRate: rate(cases.filter((c) => c.medal).length, cases.length),
    anyAboveMedianRate: rate(cases.filter((c) => c.above).length, cases.length),
  };
}
