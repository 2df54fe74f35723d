import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { TaskLeaderboard } from '../../common/runs/run-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { leaderboardThresholds, readLeaderboard, type LeaderboardThresholds } from './leaderboard';

/** Attaches a leaderboard CSV (MLE-bench's `leaderboard.csv`) to a task, replacing any earlier one. */
export async function attachLeaderboard(db: Db, task: string, path: string): Promise<TaskLeaderboard> {
  if (!db.prepare('SELECT 1 FROM tasks WHERE id = ?').get(task)) throw new ApiError('not_found', `task "${task}" is not in this corpus`);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new ApiError('invalid_request', `${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const scores = readLeaderboard(text, basename(path));
  db.prepare(
    `INSERT INTO task_leaderboards (task_id, source, scores, attached_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (task_id) DO UPDATE SET source = excluded.source, scores = excluded.scores, attached_at = excluded.attached_at`,
  ).run(task, basename(path), JSON.stringify(scores), new Date().toISOString());
  return { task, source: basename(path), ...leaderboardThresholds(scores) };
}

/** The thresholds of every task that has a leaderboard, by task id. */
export function leaderboardsByTask(db: Db, tasks: readonly string[]): Map<string, LeaderboardThresholds> {
  const get = db.prepare<unknown[], string>('SELECT scores FROM task_leaderboards WHERE task_id = ?').pluck();
  const boards = new Map<string, LeaderboardThresholds>();
  for (const task of new Set(tasks)) {
    const scores = get.get(task);
    if (scores !== undefined) boards.set(task, leaderboardThresholds(JSON.parse(scores) as number[]));
  }
  return boards;
}
