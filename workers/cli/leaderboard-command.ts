import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { leaderboardThresholds, placeScore, readLeaderboard } from '../runs/leaderboard';
import { UsageError } from './cli-error';
import { defineCommand } from './commands';
import { formatTable } from './format-table';

/** `rwb leaderboard`: MLE-bench medal thresholds of a Kaggle leaderboard, and where a score lands; needs a corpus only to attach it to a task. */
export const leaderboardCommand = defineCommand({
  usage: 'rwb leaderboard FILE.csv [--score X] [--attach TASK [--db FILE]] [--json]',
  summary: "MLE-bench medal thresholds and median of a leaderboard; placement of a score; --attach makes it a task's leaderboard",
  options: { score: { type: 'string' }, attach: { type: 'string' } },
  async run(ctx) {
    const [file, ...extra] = ctx.positionals;
    if (!file || extra.length) throw new UsageError('leaderboard needs exactly one FILE.csv');
    const scoreText = ctx.values.score;
    const score = scoreText === undefined ? undefined : Number(scoreText);
    if (score !== undefined && (scoreText!.trim() === '' || !Number.isFinite(score))) {
      throw new UsageError(`--score must be a number, not "${scoreText}"`);
    }
    const task = ctx.values.attach;
    const thresholds = task
      ? await (await ctx.core()).invoke('leaderboards.attach', { task, path: resolve(file) })
      : leaderboardThresholds(readLeaderboard(await readFile(file, 'utf8'), basename(file)));
    const result = score === undefined ? thresholds : { ...thresholds, ...placeScore(score, thresholds) };
    if (ctx.json) return ctx.out(`${JSON.stringify(result, null, 2)}\n`);
    ctx.out(`${formatTable(Object.entries(result).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]))}\n`);
  },
});
