import { posix } from 'node:path';
import type { RecordOf } from '../../common/corpus/bundle';
import type { Frame } from '../../common/corpus/corpus-types';
import { categorySuggester, type RuleSubject } from '../categories/category-rules';
import type { Db } from '../db/open-corpus';
import { extractFailure, type FailureDraft } from '../failures';
import { importError, type SourceLocation } from './import-error';
import { oneRow } from '../db/one-row';

/** A step as it was just inserted, with its texts still in memory. */
export interface InsertedStep {
  id: number;
  rollout: string;
  idx: number;
  command: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  killed: boolean;
  programPath: string | null;
  programVersion: number | null;
  /** False for a step whose rollout is not written yet: see FailureDeriver. */
  deriveNow: boolean;
  /** The step's extractFailure, when it was worked out beside the writer. */
  failure?: FailureDraft | null;
}

interface ProgramRow {
  path: string;
  version: number;
  lines: number;
  /** The path's file name, which frames are matched on. */
  base: string;
}

interface StoredStep {
  command: string;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  timed_out: number;
  killed: number;
}

const batchSize = 500;

/**
 * Annotations that cannot be applied to a staged event are applied in batches: an UPDATE
 * of failure_events opens a statement savepoint, and FTS5 flushes its pending index data at
 * every savepoint, so applying each annotation between step inserts would write the search
 * index in tiny segments.
 */
const annotationBatchSize = 1024;

/** Most derived events held before they are written, whatever the rollout (bounds memory). */
const stagedMax = 4096;

/** A derived failure event not written yet; annotations read meanwhile are applied to it in memory. */
interface StagedEvent {
  rollout: string;
  idx: number;
  kind: string;
  exceptionClass: string | null;
  message: string | null;
  frames: string;
  traceback: string | null;
  programPath: string | null;
  programVersion: number | null;
  programLine: number | null;
  category: string | null;
  suggestedCategory: string | null;
  cause: string | null;
}

/**
 * Steps' search documents are inserted a batch at a time, from the texts the writer already
 * holds: one insert per step between the other tables' writes made FTS5 flush and merge its
 * segments against a page cache the other tables kept evicting (29 s for the step index of a
 * million-step import), and one pass at the end read every output back from `texts` (19 s).
 * Batches of 4,096 steps took 14 s, the ceiling's inserts of the same documents 9 to 10 s;
 * 2,048 hold half the memory. The character bound keeps a batch of long outputs small.
 */
const indexBatchSteps = 2048;
const indexBatchChars = 8 * 1024 * 1024;

/**
 * Derives the failure events of the steps an import adds (exit code, error text, parsed
 * traceback) as each step is written, while its texts are still in memory, then applies
 * the file's failure records that annotate those steps. It writes the search documents of
 * the steps in batches as they come and those of the failure events in one pass at the end
 * (see finish()). Nothing per step is kept beyond a batch, so a million-step import runs in
 * bounded memory.
 *
 * The result is the same as deriving everything once the whole file is written, although a
 * file's records may come in any order. Two facts an event depends on can change later in
 * the file, and both are tracked and settled in finish():
 * - the program line a traceback points into depends on the rollout's program versions: a
 *   rollout that gets another program after one of its events was derived is relocated;
 * - the suggested category depends on the taxonomy's categories: if a taxonomy arrives
 *   after events were derived, this import's derived events are suggested again.
 * A failure record that annotates a step is applied soon after it is read (in batches,
 * in file order) when its step is written by then, else (and then for every later
 * annotation of that step, to keep file order) once the file is read.
 *
 * The events of the rollout being read are staged in memory and written when another
 * rollout's event is derived (or before any other failure event is written, so ids come
 * out in the same order): a bundle annotates a rollout's steps right after them, so those
 * annotations are applied to the staged events and cost no UPDATE (see annotationBatchSize).
 *
 * A step read before its rollout is indexed at once but gets its failure event once the
 * file is read. While rows wait for their parent, SQLite looks for the children of every
 * parent row inserted, and failure_events has no index on rollout_id alone: events derived
 * early would make every rollout insert scan them all.
 */
export class FailureDeriver {
  private readonly db: Db;
  private readonly stmt;
  private readonly firstEventId: number;
  /** Steps written since the search index last took documents, with the characters they hold. */
  private unindexed: { id: number; command: string; stdout: string; stderr: string }[] = [];
  private unindexedChars = 0;
  private suggest: ((subject: RuleSubject) => string | null) | null = null;
  private derivedAny = false;
  private suggestionsStale = false;
  private programs: { rollout: string; rows: ProgramRow[] } | null = null;
  /** Rollouts with an event derived by this import whose traceback has frames. */
  private readonly framedRollouts = new Set<string>();
  /** Of those, the rollouts that got another program version afterwards. */
  private readonly staleRollouts = new Set<string>();
  /** Events inserted by an annotation (a step without a derived event), not by derivation. */
  private readonly annotationEvents = new Set<number>();
  /** Annotations read but not applied yet; see annotate(). */
  private annotationBatch: { at: SourceLocation; record: RecordOf<'failure'> }[] = [];
  /** Annotations read before their step: applied once the whole file is read. */
  private readonly pendingAnnotations: { at: SourceLocation; record: RecordOf<'failure'> }[] = [];
  private readonly pendingSteps = new Set<string>();
  /** Steps (ids) whose failure events wait for the end of the file, and their rollouts. */
  private readonly deferredSteps: number[] = [];
  private readonly deferredRollouts = new Set<string>();
  /** Derived events not written yet, in derivation order, and the same by step key. */
  private readonly staged: StagedEvent[] = [];
  private readonly stagedByStep = new Map<string, StagedEvent>();
  /** Step keys of the annotations in annotationBatch: a later one must not overtake them. */
  private readonly batchedSteps = new Set<string>();
  /** Failure events created so far (derived, and inserted by annotations). */
  created = 0;

  constructor(db: Db) {
    this.db = db;
    this.firstEventId = (db.prepare<unknown[], number | null>('SELECT max(id) FROM failure_events').pluck().get() ?? 0) + 1;
    const p = (sql: string) => db.prepare(sql);
    this.stmt = {
      programsOf: db.prepare<unknown[], Omit<ProgramRow, 'base'>>(
        'SELECT path, version, lines FROM program_versions WHERE rollout_id = ? ORDER BY path, version',
      ),
      indexStep: p('INSERT INTO step_fts (rowid, command, stdout, stderr) VALUES (?, ?, ?, ?)'),
      insertEvent: p(`INSERT INTO failure_events (rollout_id, step_idx, kind, exception_class, message, frames,
        traceback, program_path, program_version, program_line, category, suggested_category, cause)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      indexEvents: p(`INSERT INTO failure_fts (rowid, exception_class, message, traceback)
        SELECT id, exception_class, message, traceback FROM failure_events
        WHERE id >= ? AND (message IS NOT NULL OR (step_idx IS NOT NULL AND id NOT IN (SELECT value FROM json_each(?))))
        ORDER BY id`),
      annotate: p(`UPDATE failure_events SET kind = coalesce(?, kind), category = coalesce(?, category),
        cause = coalesce(?, cause) WHERE rollout_id = ? AND step_idx = ?`),
      stepExists: p('SELECT 1 FROM steps WHERE rollout_id = ? AND idx = ?'),
      annotationEvent: p('INSERT INTO failure_events (rollout_id, step_idx, kind, category, cause, message) VALUES (?, ?, ?, ?, ?, ?)'),
    };
  }

  /** Queues the search document of a step that was just inserted, and derives its failure event if it failed. */
  stepInserted(step: InsertedStep): void {
    this.unindexed.push(step);
    this.unindexedChars += step.command.length + step.stdout.length + step.stderr.length;
    if (this.unindexed.length >= indexBatchSteps || this.unindexedChars >= indexBatchChars) this.indexSteps();
    if (step.deriveNow) {
      this.derive(step);
    } else {
      this.deferredSteps.push(step.id);
      this.deferredRollouts.add(step.rollout);
    }
  }

  private indexSteps(): void {
    for (const step of this.unindexed) this.stmt.indexStep.run(step.id, step.command, step.stdout, step.stderr);
    this.unindexed = [];
    this.unindexedChars = 0;
  }

  private derive(step: Omit<InsertedStep, 'deriveNow'>): void {
    const draft =
      step.failure !== undefined
        ? step.failure
        : extractFailure({
            command: step.command,
            stdout: step.stdout,
            stderr: step.stderr,
            exitCode: step.exitCode,
            timedOut: step.timedOut,
            killed: step.killed,
          });
    if (!draft) return;
    // Without frames there is nothing to locate: the rollout's programs need not be read.
    const target = draft.frames.length === 0 ? null : locateInProgram(draft.frames, step.programPath, step.programVersion, this.programsFor(step.rollout));
    if (this.staged.length >= stagedMax || (this.staged.length > 0 && this.staged[0]!.rollout !== step.rollout)) {
      this.writeStaged();
    }
    const event: StagedEvent = {
      rollout: step.rollout,
      idx: step.idx,
      kind: draft.kind,
      exceptionClass: draft.exceptionClass,
      message: draft.message,
      frames: JSON.stringify(draft.frames),
      traceback: draft.traceback,
      programPath: target?.path ?? null,
      programVersion: target?.version ?? null,
      programLine: target?.line ?? null,
      category: null,
      suggestedCategory: this.suggestion(draft, step.command),
      cause: null,
    };
    this.staged.push(event);
    this.stagedByStep.set(stepKey(step.rollout, step.idx), event);
    this.created += 1;
    this.derivedAny = true;
    if (draft.frames.length > 0) this.framedRollouts.add(step.rollout);
  }

  /**
   * Writes the staged events. Called before any other failure event is inserted, so every
   * event gets the id it would have had if written as soon as it was derived.
   */
  writeStaged(): void {
    for (const e of this.staged) {
      this.stmt.insertEvent.run(
        e.rollout,
        e.idx,
        e.kind,
        e.exceptionClass,
        e.message,
        e.frames,
        e.traceback,
        e.programPath,
        e.programVersion,
        e.programLine,
        e.category,
        e.suggestedCategory,
        e.cause,
      );
    }
    this.staged.length = 0;
    this.stagedByStep.clear();
  }

  /**
   * A rollout this import created, with no program version written before it: it has no
   * programs but the ones written from now on, so they are known without reading them back
   * (a bundle writes a rollout's programs right after it).
   */
  rolloutCreated(rollout: string): void {
    this.programs = { rollout, rows: [] };
  }

  /** A program version was inserted: events of its rollout derived earlier may point into it. */
  programInserted(rollout: string, path: string, version: number, lines: number): void {
    if (this.programs?.rollout === rollout) addProgram(this.programs.rows, { path, version, lines, base: posix.basename(path) });
    if (this.framedRollouts.has(rollout)) this.staleRollouts.add(rollout);
  }

  /** A taxonomy was inserted: the categories rules may suggest have changed. */
  categoriesChanged(): void {
    this.suggest = null;
    if (this.derivedAny) this.suggestionsStale = true;
  }

  /** A failure record with a step index: sets that step's event's kind, category and cause. */
  annotate(record: RecordOf<'failure'>, at: SourceLocation): void {
    const key = stepKey(record.rollout, record.step!);
    const staged = this.stagedByStep.get(key);
    // Applying it now is what the batch would do, as long as no earlier annotation of the step is still queued.
    if (staged && !this.batchedSteps.has(key) && !this.waits(key, record.rollout)) {
      applyTo(staged, record);
      return;
    }
    this.annotationBatch.push({ at, record });
    this.batchedSteps.add(key);
    if (this.annotationBatch.length >= annotationBatchSize) this.applyAnnotationBatch();
  }

  /** True when the annotations of a step must wait for the end of the file. */
  private waits(key: string, rollout: string): boolean {
    return this.pendingSteps.has(key) || this.deferredRollouts.has(rollout);
  }

  /**
   * Applies the queued annotations in file order; one whose step is not written yet waits
   * for the end of the file, and so does every later annotation of that step.
   */
  private applyAnnotationBatch(): void {
    for (const pending of this.annotationBatch) {
      const key = stepKey(pending.record.rollout, pending.record.step!);
      if (!this.waits(key, pending.record.rollout) && this.applyAnnotation(pending.record)) continue;
      this.pendingSteps.add(key);
      this.pendingAnnotations.push(pending);
    }
    this.annotationBatch = [];
    this.batchedSteps.clear();
  }

  /**
   * Settles what the rest of the file changed (program lines, suggestions), applies the
   * annotations that came before their steps and writes the search index documents of the
   * last steps and of the failure events this import added. Returns the number of failure
   * events created.
   *
   * The failure events' documents are inserted in one statement, in rowid order, from the
   * rows as stored, since an event may change until the end. A failure event gets
   * a document when it was derived from its step, or when it carries a message (a grading
   * failure, or an annotation of a step that had no event): what a per-row insert wrote.
   */
  finish(): number {
    this.indexSteps();
    this.applyAnnotationBatch();
    this.deriveDeferred();
    this.writeStaged();
    if (this.suggestionsStale) this.suggestAgain();
    for (const rollout of this.staleRollouts) this.relocate(rollout);
    for (const { at, record } of this.pendingAnnotations) {
      if (!this.applyAnnotation(record)) {
        throw importError({ ...at, field: 'step' }, `rollout "${record.rollout}" has no step ${record.step}`);
      }
    }
    this.stmt.indexEvents.run(this.firstEventId, JSON.stringify([...this.annotationEvents]));
    return this.created;
  }

  private suggestion(draft: FailureDraft, command: string): string | null {
    this.suggest ??= categorySuggester(this.db);
    return this.suggest({ kind: draft.kind, exception_class: draft.exceptionClass, message: draft.message, traceback: draft.traceback, command });
  }

  private programsFor(rollout: string): ProgramRow[] {
    if (this.programs?.rollout !== rollout) {
      const rows = this.stmt.programsOf.all(rollout);
      this.programs = { rollout, rows: rows.map((row) => ({ ...row, base: posix.basename(row.path) })) };
    }
    return this.programs.rows;
  }

  /** False when the step does not exist (yet). */
  private applyAnnotation(record: RecordOf<'failure'>): boolean {
    const { rollout, step } = record;
    const staged = this.stagedByStep.get(stepKey(rollout, step!));
    if (staged) {
      applyTo(staged, record);
      return true;
    }
    // A written event keeps the message its step gave it; an annotation's message goes only to an event it creates.
    if (this.stmt.annotate.run(record.kind ?? null, record.category ?? null, record.cause ?? null, rollout, step).changes > 0) return true;
    if (!this.stmt.stepExists.get(rollout, step)) return false;
    this.writeStaged();
    const message = record.message ?? null;
    const info = this.stmt.annotationEvent.run(rollout, step, record.kind ?? 'crash', record.category ?? null, record.cause ?? null, message);
    this.annotationEvents.add(Number(info.lastInsertRowid));
    this.created += 1;
    return true;
  }

  /** Derives the failure events of the steps that were read before their rollouts. */
  private deriveDeferred(): void {
    if (this.deferredSteps.length === 0) return;
    const select = this.db.prepare<
      unknown[],
      StoredStep & { rollout_id: string; idx: number; program_path: string | null; program_version: number | null }
    >(`SELECT s.rollout_id, s.idx, s.command, o.body AS stdout, e.body AS stderr, s.exit_code,
        s.timed_out, s.killed, s.program_path, s.program_version
      FROM steps s JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash WHERE s.id = ?`);
    for (const id of this.deferredSteps) {
      const row = oneRow(select.get(id));
      this.derive({
        id,
        rollout: row.rollout_id,
        idx: row.idx,
        command: row.command,
        stdout: row.stdout,
        stderr: row.stderr,
        exitCode: row.exit_code,
        timedOut: row.timed_out === 1,
        killed: row.killed === 1,
        programPath: row.program_path,
        programVersion: row.program_version,
      });
    }
    this.deferredSteps.length = 0;
  }

  /** Suggests categories again for every event this import derived, from its step as stored. */
  private suggestAgain(): void {
    const select = this.db.prepare<
      unknown[],
      StoredStep & { id: number }
    >(`SELECT f.id, s.command, o.body AS stdout, e.body AS stderr, s.exit_code, s.timed_out, s.killed
      FROM failure_events f JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx
      JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash
      WHERE f.id >= ? AND f.step_idx IS NOT NULL ORDER BY f.id LIMIT ?`);
    const update = this.db.prepare('UPDATE failure_events SET suggested_category = ? WHERE id = ?');
    this.suggest = null;
    for (let from = this.firstEventId; ;) {
      const rows = select.all(from, batchSize);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (this.annotationEvents.has(row.id)) continue;
        const draft = extractFailure({
          command: row.command,
          stdout: row.stdout,
          stderr: row.stderr,
          exitCode: row.exit_code,
          timedOut: row.timed_out === 1,
          killed: row.killed === 1,
        });
        if (draft) update.run(this.suggestion(draft, row.command), row.id);
      }
      from = rows[rows.length - 1]!.id + 1;
    }
  }

  /** Points this import's events of a rollout into its programs as they are now. */
  private relocate(rollout: string): void {
    this.programs = null;
    const programs = this.programsFor(rollout);
    const events = this.db
      .prepare<unknown[], { id: number; frames: string; program_path: string | null; program_version: number | null }>(
        `SELECT f.id, f.frames, s.program_path, s.program_version
        FROM failure_events f JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx
        WHERE f.rollout_id = ? AND f.id >= ? AND f.step_idx IS NOT NULL AND f.frames <> '[]'`,
      )
      .all(rollout, this.firstEventId);
    const update = this.db.prepare('UPDATE failure_events SET program_path = ?, program_version = ?, program_line = ? WHERE id = ?');
    for (const event of events) {
      if (this.annotationEvents.has(event.id)) continue;
      const target = locateInProgram(JSON.parse(event.frames) as Frame[], event.program_path, event.program_version, programs);
      update.run(target?.path ?? null, target?.version ?? null, target?.line ?? null, event.id);
    }
  }
}

/**
 * Adds a program to a rollout's programs in the order programsOf reads them: by path as SQLite
 * compares text (its UTF-8 bytes), then version. Programs mostly come in that order, so the
 * place is looked for from the end.
 */
function addProgram(rows: ProgramRow[], row: ProgramRow): void {
  let at = rows.length;
  while (at > 0 && programOrder(rows[at - 1]!, row) > 0) at -= 1;
  rows.splice(at, 0, row);
}

/** Characters whose UTF-16 order differs from their UTF-8 order (surrogates against U+E000 to U+FFFF). */
const beyondSurrogates = /[\uD800-\uFFFF]/;

function programOrder(a: ProgramRow, b: ProgramRow): number {
  if (a.path !== b.path) {
    if (beyondSurrogates.test(a.path) || beyondSurrogates.test(b.path)) return Buffer.compare(Buffer.from(a.path), Buffer.from(b.path));
    return a.path < b.path ? -1 : 1;
  }
  return a.version - b.version;
}

function stepKey(rollout: string, idx: number): string {
  return `${rollout}\u0000${idx}`;
}

/** An annotation applied to a staged event, as the annotation UPDATE does to a written one. */
function applyTo(event: StagedEvent, record: RecordOf<'failure'>): void {
  event.kind = record.kind ?? event.kind;
  event.category = record.category ?? event.category;
  event.cause = record.cause ?? event.cause;
  event.message = record.message ?? event.message;
}

/**
 * The stored program line a traceback points into: the innermost frame whose file is one of
 * the rollout's programs, in the version the step ran when the names agree, else the latest.
 */
function locateInProgram(
  frames: readonly Frame[],
  ranPath: string | null,
  ranVersion: number | null,
  programs: readonly ProgramRow[],
): { path: string; version: number; line: number } | null {
  if (programs.length === 0) return null;
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i]!;
    const base = posix.basename(frame.file.replaceAll('\\', '/'));
    const candidates = programs.filter((p) => p.base === base);
    if (candidates.length === 0) continue;
    const ran = candidates.find((p) => p.path === ranPath && p.version === ranVersion);
    const chosen = ran ?? candidates[candidates.length - 1]!;
    if (frame.line >= 1 && frame.line <= chosen.lines) return { path: chosen.path, version: chosen.version, line: frame.line };
  }
  return null;
}
