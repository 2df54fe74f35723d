import { posix } from 'node:path';
import type { Frame } from '../../common/domain';
import { categorySuggester } from '../categories/category-rules';
import type { Db } from '../db/open-corpus';
import { extractFailure } from '../failures';
import { importError } from './import-error';
import type { RecordWriter } from './record-writer';

interface NewStep {
  id: number;
  rollout_id: string;
  idx: number;
  command: string;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  timed_out: number;
  killed: number;
  program_path: string | null;
  program_version: number | null;
}

interface ProgramRow {
  path: string;
  version: number;
  lines: number;
}

const batchSize = 500;

/**
 * Indexes the steps a file added and derives their failure events (exit code, error text,
 * parsed traceback), then applies the file's failure records that annotate those steps.
 * Works in id-ordered batches so a million-step import never holds its steps in memory.
 * Returns the number of failure events created.
 */
export function deriveFailures(db: Db, writer: RecordWriter, firstNewStepId: number): number {
  const selectBatch = db.prepare(`SELECT s.id, s.rollout_id, s.idx, s.command, o.body AS stdout, e.body AS stderr,
      s.exit_code, s.timed_out, s.killed, s.program_path, s.program_version
    FROM steps s JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash
    WHERE s.id >= ? ORDER BY s.id LIMIT ?`);
  const programsOf = db.prepare('SELECT path, version, lines FROM program_versions WHERE rollout_id = ? ORDER BY path, version');
  const indexStep = db.prepare('INSERT INTO step_fts (rowid, command, stdout, stderr) VALUES (?, ?, ?, ?)');
  const insertEvent = db.prepare(`INSERT INTO failure_events (rollout_id, step_idx, kind, exception_class, message, frames,
      traceback, program_path, program_version, program_line, suggested_category) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const suggest = categorySuggester(db);
  const indexEvent = db.prepare('INSERT INTO failure_fts (rowid, exception_class, message, traceback) VALUES (?, ?, ?, ?)');

  let created = 0;
  // Steps come ordered by id, which groups them by rollout: one cached program list suffices.
  const cache = { rollout: '', programs: [] as ProgramRow[] };
  const programsFor = (rollout: string): ProgramRow[] => {
    if (cache.rollout !== rollout) {
      cache.rollout = rollout;
      cache.programs = programsOf.all(rollout) as ProgramRow[];
    }
    return cache.programs;
  };
  for (let from = firstNewStepId; ; ) {
    const rows = selectBatch.all(from, batchSize) as NewStep[];
    if (rows.length === 0) break;
    for (const step of rows) {
      indexStep.run(step.id, step.command, step.stdout, step.stderr);
      const draft = extractFailure({
        command: step.command,
        stdout: step.stdout,
        stderr: step.stderr,
        exitCode: step.exit_code,
        timedOut: step.timed_out === 1,
        killed: step.killed === 1,
      });
      if (!draft) continue;
      const target = locateInProgram(draft.frames, step, programsFor(step.rollout_id));
      const info = insertEvent.run(
        step.rollout_id,
        step.idx,
        draft.kind,
        draft.exceptionClass,
        draft.message,
        JSON.stringify(draft.frames),
        draft.traceback,
        target?.path ?? null,
        target?.version ?? null,
        target?.line ?? null,
        suggest({ kind: draft.kind, exception_class: draft.exceptionClass, message: draft.message, traceback: draft.traceback, command: step.command }),
      );
      indexEvent.run(info.lastInsertRowid, draft.exceptionClass, draft.message, draft.traceback);
      created += 1;
    }
    from = rows[rows.length - 1]!.id + 1;
  }
  return created + applyStepAnnotations(db, writer.stepFailures);
}

/**
 * The stored program line a traceback points into: the innermost frame whose file is one of
 * the rollout's programs, in the version the step ran when the names agree, else the latest.
 */
function locateInProgram(
  frames: readonly Frame[],
  step: NewStep,
  programs: readonly ProgramRow[],
): { path: string; version: number; line: number } | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i]!;
    const base = posix.basename(frame.file.replaceAll('\\', '/'));
    const candidates = programs.filter((p) => posix.basename(p.path) === base);
    if (candidates.length === 0) continue;
    const ran = candidates.find((p) => p.path === step.program_path && p.version === step.program_version);
    const chosen = ran ?? candidates[candidates.length - 1]!;
    if (frame.line >= 1 && frame.line <= chosen.lines) return { path: chosen.path, version: chosen.version, line: frame.line };
  }
  return null;
}

/** Failure records with a step index set that step's event's kind, category and cause; they add no event. */
function applyStepAnnotations(db: Db, annotations: RecordWriter['stepFailures']): number {
  const stepExists = db.prepare('SELECT 1 FROM steps WHERE rollout_id = ? AND idx = ?');
  const event = db.prepare('SELECT id FROM failure_events WHERE rollout_id = ? AND step_idx = ?').pluck();
  const update = db.prepare(`UPDATE failure_events SET kind = coalesce(?, kind), category = coalesce(?, category),
      cause = coalesce(?, cause) WHERE id = ?`);
  const insert = db.prepare(`INSERT INTO failure_events (rollout_id, step_idx, kind, category, cause) VALUES (?, ?, ?, ?, ?)`);
  let created = 0;
  for (const { at, record } of annotations) {
    if (!stepExists.get(record.rollout, record.step)) {
      throw importError({ ...at, field: 'step' }, `rollout "${record.rollout}" has no step ${record.step}`);
    }
    const id = event.get(record.rollout, record.step) as number | undefined;
    if (id !== undefined) {
      update.run(record.kind ?? null, record.category ?? null, record.cause ?? null, id);
    } else {
      insert.run(record.rollout, record.step, record.kind ?? 'crash', record.category ?? null, record.cause ?? null);
      created += 1;
    }
  }
  return created;
}
