import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { leaderboardThresholds, placeScore, readLeaderboard } from '../stats/leaderboard';
import { UsageError } from './cli-error';
import type { Command } from './commands';
import { formatTable } from './format-table';

/** `rwb leaderboard`: MLE-bench medal thresholds of a Kaggle leaderboard, and where a score lands. Needs no corpus. */
export const leaderboardCommand: Command = {
  usage: 'rwb leaderboard FILE.csv [--score X] [--json]',
  summary: 'MLE-bench medal thresholds and median of a leaderboard; placement of a score',
  options: { score: { type: 'string' } },
  async run(ctx) {
    const [file, ...extra] = ctx.positionals;
    if (!file || extra.length) throw new UsageError('leaderboard needs exactly one FILE.csv');
    const scoreText = ctx.values.score as string | undefined;
    const score = scoreText === undefined ? undefined : Number(scoreText);
    if (score !== undefined && (scoreText!.trim() === '' || !Number.isFinite(score))) {
      throw new UsageError(`--score must be a number, not "${scoreText}"`);
    }
    const thresholds = leaderboardThresholds(readLeaderboard(await readFile(file, 'utf8'), basename(file)));
    const result = score === undefined ? thresholds : { ...thresholds, ...placeScore(score, thresholds) };
    if (ctx.json) return ctx.out(`${JSON.stringify(result, null, 2)}\n`);
    ctx.out(`${formatTable(Object.entries(result).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]))}\n`);
  },
};
