/**
 * The attempts' folders on disk: how much the runs folders use, and pruning the folders of
 * finished attempts. A finished attempt's record keeps its outcome, score and whole log in the
 * corpus, so its folder (the program, the data links, what it wrote) is only needed to look at
 * its files again.
 */
import { existsSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ParsedRequestOf } from '../../common/contract';
import type { RunsDiskUse, RunsPruned } from '../../common/runs/run-types';
import type { Db } from '../db/open-corpus';

/** Where attempt folders go: $RWB_RUNS_DIR, else `<corpus>.runs/` beside the corpus. */
export function runsRoot(dbPath: string): string {
  if (process.env.RWB_RUNS_DIR) return process.env.RWB_RUNS_DIR;
  return dbPath === ':memory:' ? join(tmpdir(), 'rwb-runs') : `${dbPath}.runs`;
}

/** Bytes under `path`, never following a symbolic link (a data folder linked in is not the run's). */
export function folderBytes(path: string): number {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += folderBytes(join(path, entry));
  return total;
}

interface FinishedFolder {
  attempt: number;
  folder: string;
}

/**
 * The existing folders of finished attempts, optionally of one experiment. Only a folder named
 * as the run job names it for that attempt (`a<ID>-<run tag>`) counts, so an edited or odd
 * `work_dir` can never point the prune at anything else.
 */
function finishedFolders(db: Db, experiment?: string): FinishedFolder[] {
  const rows = db
    .prepare<unknown[], { id: number; workDir: string }>(
      `SELECT id, work_dir AS workDir FROM attempts
      WHERE work_dir IS NOT NULL AND status NOT IN ('queued', 'running') AND (@experiment IS NULL OR experiment_id = @experiment)
      ORDER BY id`,
    )
    .all({ experiment: experiment ?? null });
  return rows
    .filter((r) => new RegExp(`^a${r.id}-[0-9a-f]+$`).test(basename(r.workDir)) && existsSync(r.workDir))
    .map((r) => ({ attempt: r.id, folder: r.workDir }));
}

export function runsDiskUse(db: Db, dbPath: string): RunsDiskUse {
  const root = runsRoot(dbPath);
  const finished = finishedFolders(db);
  return {
    root,
    bytes: folderBytes(root),
    finished: { folders: finished.length, bytes: finished.reduce((sum, f) => sum + folderBytes(f.folder), 0) },
  };
}

/** Removes the folders of finished attempts (of one experiment, or all); the attempts' records stay. */
export function pruneRunsFolders(db: Db, req: ParsedRequestOf<'runs.prune'>): RunsPruned {
  const folders = finishedFolders(db, req.experiment);
  let bytes = 0;
  for (const { folder } of folders) {
    bytes += folderBytes(folder);
    if (!req.dryRun) rmSync(folder, { recursive: true, force: true });
  }
  return { dryRun: req.dryRun, folders: folders.length, bytes, attempts: folders.map((f) => f.attempt) };
}
