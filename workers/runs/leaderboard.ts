import { ApiError } from '../../common/errors';
import type { TaskLeaderboard } from '../../common/runs/run-types';
import { parseCsv } from '../util/csv';

export type LeaderboardThresholds = Omit<TaskLeaderboard, 'task' | 'source'>;

export interface Placement {
  medal: 'gold' | 'silver' | 'bronze' | 'none';
  aboveMedian: boolean;
}

/**
 * Reads a Kaggle leaderboard as MLE-bench ships it (a `score` column, best first). Rows
 * without a score are refused by line, since a silent drop would change every threshold.
 */
export function readLeaderboard(csv: string, file: string): number[] {
  const [header, ...rows] = parseCsv(csv);
  const column = header?.indexOf('score') ?? -1;
  if (column < 0) throw new ApiError('invalid_request', `${file}:1: no "score" column in the header`);
  if (rows.length === 0) throw new ApiError('invalid_request', `${file}: the leaderboard has no rows`);
  return rows.map((row, i) => {
    const text = row[column]?.trim() ?? '';
    const score = Number(text);
    if (text === '' || !Number.isFinite(score)) {
      throw new ApiError('invalid_request', `${file}:${i + 2} field "score": "${text}" is not a number`);
    }
    return score;
  });
}

/** 1-based leaderboard positions of the medal thresholds for n teams, by the MLE-bench rule. */
export function medalPositions(n: number): { gold: number; silver: number; bronze: number } {
  if (n < 100) return { gold: Math.max(1, Math.floor(0.1 * n)), silver: Math.max(1, Math.floor(0.2 * n)), bronze: Math.max(1, Math.floor(0.4 * n)) };
  if (n < 250) return { gold: 10, silver: Math.floor(0.2 * n), bronze: Math.floor(0.4 * n) };
  if (n < 1000) return { gold: 10 + Math.floor(0.002 * n), silver: 50, bronze: 100 };
  return { gold: 10 + Math.floor(0.002 * n), silver: Math.floor(0.05 * n), bronze: Math.floor(0.1 * n) };
}

/**
 * Medal thresholds and the median of a leaderboard given best first. Lower is better when
 * the first score is smaller than the last; the threshold is the score at each position.
 */
export function leaderboardThresholds(scoresBestFirst: readonly number[]): LeaderboardThresholds {
  const teams = scoresBestFirst.length;
  const lowerIsBetter = scoresBestFirst[0]! < scoresBestFirst[teams - 1]!;
  const sorted = [...scoresBestFirst].sort((a, b) => (lowerIsBetter ? a - b : b - a));
  const at = (position: number) => sorted[Math.min(position, teams) - 1]!;
  const positions = medalPositions(teams);
  const ascending = [...sorted].sort((a, b) => a - b);
  const mid = Math.floor(teams / 2);
  // 15 significant digits drop the float noise of the mean (0.5995950000000001 -> 0.599595).
  const median = teams % 2 === 1 ? ascending[mid]! : Number(((ascending[mid - 1]! + ascending[mid]!) / 2).toPrecision(15));
  return { teams, lowerIsBetter, gold: at(positions.gold), silver: at(positions.silver), bronze: at(positions.bronze), median };
}

/** Where a score lands: a medal when at least as good as the threshold, above median only when strictly better. */
export function placeScore(score: number | null, t: LeaderboardThresholds): Placement {
  if (score === null || !Number.isFinite(score)) return { medal: 'none', aboveMedian: false };
  const atLeast = (threshold: number) => (t.lowerIsBetter ? score <= threshold : score >= threshold);
  const medal = atLeast(t.gold) ? 'gold' : atLeast(t.silver) ? 'silver' : atLeast(t.bronze) ? 'bronze' : 'none';
  return { medal, aboveMedian: t.lowerIsBetter ? score < t.median : score > t.median };
}
