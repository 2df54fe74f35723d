import type { BundleRecord, RecordOf } from '../../common/corpus/bundle';
import type { CorpusTable } from '../../common/corpus-tables';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open-corpus';
import { TextStore, sha256 } from '../db/texts';
import { recordHash } from '../util/canonical-json';
import { programColumn, programValues, stepColumn, stepValues, type PreparedProgram, type PreparedRow, type PreparedStep } from './prepared-rows';
import { FailureDeriver } from './derive-failures';
import { StepFigures } from '../corpus/step-figures';
import { RecentDigests } from '../util/recent-digests';
import { checkImportedLabel } from './label-requirements-check';
import { importError, type SourceLocation } from './import-error';
import { referenceLookups } from './check-references';
import {
  benchmarkCodec,
  categoryCodec,
  collectionCodec,
  failureCodec,
  programCodec,
  rolloutCodec,
  stepCodec,
  taskCodec,
  taxonomyCodec,
} from '../bundle-codecs/corpus-codecs';
import { prepareInsert } from '../bundle-codecs/record-codec';
import { labelCodec, libraryCodec, libraryRubricCodec, rubricCodec, supportCodec } from '../bundle-codecs/rubric-codecs';
import { attemptCodec, caseCodec, experimentCodec } from '../bundle-codecs/run-codecs';

/** What one record did to the corpus. */
export type WriteOutcome = 'inserted' | 'duplicate';

/** A reference a record makes to another record that was not there when it was read, checked once the whole file is read. */
export interface PendingReference {
  table: 'benchmarks' | 'tasks' | 'collections' | 'rollouts' | 'rubrics' | 'program_versions' | 'cases' | 'experiments';
  key: readonly (string | number)[];
  at: SourceLocation;
  what: string;
}

/** How an error names the target of a reference. */
function describeReference(table: PendingReference['table'], key: readonly (string | number)[]): string {
  switch (table) {
    case 'program_versions':
      return `program ${key[1]} version ${key[2]} of rollout "${key[0]}"`;
    case 'benchmarks':
      return `benchmark "${key[0]}"`;
    case 'tasks':
      return `task "${key[0]}"`;
    case 'collections':
      return `collection "${key[0]}"`;
    case 'rollouts':
      return `rollout "${key[0]}"`;
    case 'rubrics':
      return `rubric "${key[0]}"`;
    case 'cases':
      return `case "${key[0]}"`;
    case 'experiments':
      return `experiment "${key[0]}"`;
  }
}

/** The key of a reference kept for the end of the file. */
function deferredKey(table: PendingReference['table'], id: string): string {
  return `${table}\u0000${id}`;
}

/** How many recently inserted program versions are remembered for references. */
const recentProgramsMax = 4096;
/** The program texts' sha256s remembered, at least (see RecentDigests: its tables take 2 MiB). */
const programTextsRemembered = 32 * 1024;

/**
 * Writes validated bundle records into the corpus, one statement set per record type, and
 * derives each new step's failure event as it goes (see FailureDeriver). Records are keyed
 * by their natural id; the same record again is a duplicate, the same id with different
 * content is an error naming the line. A reference to a record that is already in the
 * corpus (or earlier in the file) is settled at once; the others are collected in
 * `references` for the caller to check at the end, because a bundle's records may come in
 * any order. A writer lives within one import transaction; call `failures.finish()` last.
 */
export class RecordWriter {
  readonly texts: TextStore;
  readonly failures: FailureDeriver;
  /** Step counts and durations of the rollouts this writer added steps to, for their figures. */
  readonly stepFigures = new StepFigures();
  /** References to records that were not in the corpus when they were read, each once. */
  readonly references: PendingReference[] = [];
  private readonly deferredRefs = new Set<string>();
  /** Per table, the key last found in the corpus: steps come grouped by rollout. */
  private readonly lastFound = new Map<PendingReference['table'], string>();
  /** Keys of the program versions this import inserted lately, for its steps' references (bounded). */
  private readonly recentPrograms = new Set<string>();
  /**
   * sha256s of the program texts this import stored. A program that comes again (the code
   * a task's rollouts start from, a version saved unchanged) then costs its hash but no
   * statement. The text store does not remember programs, so that they do not push out the
   * outputs it remembers.
   */
  private readonly programTexts = new RecentDigests(programTextsRemembered);
  private readonly refLookups: Record<PendingReference['table'], Statement>;
  private readonly hashLookups = new Map<string, Statement<unknown[], string>>();
  private readonly stmt;

  constructor(private readonly db: Db) {
    this.texts = new TextStore(db, { remember: true });
    this.failures = new FailureDeriver(db);
    this.refLookups = Object.fromEntries(Object.entries(referenceLookups).map(([table, sql]) => [table, db.prepare(sql)])) as Record<
      PendingReference['table'],
      Statement
    >;
    this.stmt = {
      taxonomy: prepareInsert(db, taxonomyCodec),
      category: prepareInsert(db, categoryCodec),
      benchmark: prepareInsert(db, benchmarkCodec),
      task: prepareInsert(db, taskCodec),
      collection: prepareInsert(db, collectionCodec),
      rollout: prepareInsert(db, rolloutCodec),
      programHash: db.prepare<unknown[], string>('SELECT content_hash FROM program_versions WHERE rollout_id = ? AND path = ? AND version = ?').pluck(),
      // Steps and programs are most of a bundle: they are inserted first and looked up only
      // when the key is taken (a duplicate or a conflict), which saves a lookup per row.
      program: prepareInsert(db, programCodec, '(rollout_id, path, version)'),
      step: prepareInsert(db, stepCodec, '(rollout_id, idx)'),
      gradingFailure: prepareInsert(db, failureCodec),
      gradingFailureExists: db.prepare('SELECT 1 FROM failure_events WHERE rollout_id = ? AND step_idx IS NULL AND record_hash = ?'),
      rubric: prepareInsert(db, rubricCodec),
      rubricFts: db.prepare(`INSERT INTO rubric_fts (rowid, title, applies_when, pattern, fix)
        SELECT rowid, title, applies_when, pattern, fix FROM rubrics WHERE id = ?`),
      support: prepareInsert(db, supportCodec, '(rubric_id, rollout_id)'),
      library: prepareInsert(db, libraryCodec),
      libraryRubric: prepareInsert(db, libraryRubricCodec),
      label: prepareInsert(db, labelCodec),
      labelHash: db
        .prepare<unknown[], string>(
          `SELECT record_hash FROM labels WHERE annotator = ? AND schema_name = ? AND target_kind = ?
        AND target_id = ? AND made_at = ?`,
        )
        .pluck(),
      caseRow: prepareInsert(db, caseCodec),
      experiment: prepareInsert(db, experimentCodec),
      attempt: prepareInsert(db, attemptCodec),
    };
  }

  /** Writes one record; `sourceFormat` records which importer produced a rollout. */
  write(record: BundleRecord, at: SourceLocation, sourceFormat = 'bundle'): WriteOutcome {
    switch (record.type) {
      case 'taxonomy':
        return this.taxonomy(record, at);
      case 'benchmark':
        return this.keyed(record, at, benchmarkCodec.table, 'id = ?', [record.id], (hash) => this.stmt.benchmark.run(benchmarkCodec.write(record, { hash })));
      case 'task':
        this.refer('benchmarks', [record.benchmark], at, 'benchmark');
        return this.keyed(record, at, taskCodec.table, 'id = ?', [record.id], (hash) => this.stmt.task.run(taskCodec.write(record, { hash })));
      case 'collection':
        return this.keyed(record, at, collectionCodec.table, 'id = ?', [record.id], (hash) =>
          this.stmt.collection.run(collectionCodec.write(record, { hash })),
        );
      case 'rollout':
        return this.rollout(record, at, sourceFormat);
      case 'program':
        return this.program({ type: 'program', values: programValues(record, this.programText(record.content)), content: null }, at);
      case 'step': {
        const { stdout, stderr } = record;
        const values = stepValues(record, this.texts.put(stdout), this.texts.put(stderr));
        return this.step({ type: 'step', values, stdout, stderr, stdoutStored: true, stderrStored: true }, at);
      }
      case 'failure':
        return this.failure(record, at);
      case 'rubric':
        return this.rubric(record, at);
      case 'library':
        return this.library(record, at);
      case 'label':
        return this.label(record, at);
      case 'case':
        return this.caseRecord(record, at);
      case 'experiment':
        return this.keyed(record, at, experimentCodec.table, 'id = ?', [record.id], (hash) =>
          this.stmt.experiment.run(experimentCodec.write(record, { hash })),
        );
      case 'attempt':
        return this.attempt(record, at);
    }
  }

  /** Writes a step or program prepared beside the writer (see PreparedRow): the same rows as write() of its record. */
  writePrepared(prepared: PreparedRow, at: SourceLocation): WriteOutcome {
    return prepared.type === 'step' ? this.step(prepared, at) : this.program(prepared, at);
  }

  /**
   * Notes that the record at `at` refers to the record `key` of `table` through `field`:
   * settled now when the target is in the corpus (rows are never removed during an
   * import), else kept, once per target, for the check at the end of the file. Returns
   * whether the target was found (false when it was not there at its first reference).
   */
  private refer(table: PendingReference['table'], key: (string | number)[], at: SourceLocation, field: string): boolean {
    const id = key.length === 1 ? String(key[0]) : JSON.stringify(key);
    if (this.lastFound.get(table) === id || (table === 'program_versions' && this.recentPrograms.has(id))) return true;
    const deferredId = deferredKey(table, id);
    if (this.deferredRefs.has(deferredId)) return false;
    if (this.refLookups[table].get(...key) !== undefined) {
      this.lastFound.set(table, id);
      return true;
    }
    this.deferredRefs.add(deferredId);
    this.references.push({ table, key, at: { ...at, field }, what: describeReference(table, key) });
    return false;
  }

  /** For a record whose key was taken: a duplicate when the stored record is the same, else an error. */
  private taken(type: BundleRecord['type'], at: SourceLocation, table: CorpusTable, where: string, key: unknown[], hash: string): WriteOutcome {
    const existing = this.hashLookup(table, where).get(...key);
    if (existing === hash) return 'duplicate';
    throw importError(at, `${type} ${key.map((k) => JSON.stringify(k)).join(' ')} already exists with different content`);
  }

  /** Inserts a record keyed by `where`, or recognises it as a duplicate, or refuses a conflicting one. */
  private keyed(record: BundleRecord, at: SourceLocation, table: CorpusTable, where: string, key: unknown[], insert: (hash: string) => void): WriteOutcome {
    const hash = recordHash(record);
    if (this.hashLookup(table, where).get(...key) !== undefined) return this.taken(record.type, at, table, where, key, hash);
    insert(hash);
    return 'inserted';
  }

  private hashLookup(table: CorpusTable, where: string): Statement<unknown[], string> {
    const sql = `SELECT record_hash FROM ${table} WHERE ${where}`;
    let stmt = this.hashLookups.get(sql);
    if (!stmt) {
      stmt = this.db.prepare<unknown[], string>(sql).pluck();
      this.hashLookups.set(sql, stmt);
    }
    return stmt;
  }

  private taxonomy(record: RecordOf<'taxonomy'>, at: SourceLocation): WriteOutcome {
    const codes = new Set<string>();
    record.categories.forEach((c, i) => {
      if (codes.has(c.code)) throw importError({ ...at, field: `categories.${i}.code` }, `category code "${c.code}" appears twice`);
      codes.add(c.code);
    });
    return this.keyed(record, at, taxonomyCodec.table, 'version = ?', [record.version], (hash) => {
      this.stmt.taxonomy.run(taxonomyCodec.write(record, { hash }));
      for (const category of categoryCodec.write(record)) this.stmt.category.run(category);
      this.failures.categoriesChanged();
    });
  }

  private rollout(record: RecordOf<'rollout'>, at: SourceLocation, sourceFormat: string): WriteOutcome {
    this.refer('tasks', [record.task], at, 'task');
    if (record.collection) {
      this.refer('collections', [record.collection], at, 'collection');
    }
    return this.keyed(record, at, rolloutCodec.table, 'id = ?', [record.id], (hash) => {
      this.stmt.rollout.run(rolloutCodec.write(record, { hash, sourceFormat }));
      // No record before it referred to it, so it has no programs yet (see FailureDeriver.rolloutCreated).
      if (!this.deferredRefs.has(deferredKey('rollouts', record.id))) this.failures.rolloutCreated(record.id);
    });
  }

  /** A program's row; its content, when given, is stored here (null: known to be stored). */
  private program({ values, content }: PreparedProgram, at: SourceLocation): WriteOutcome {
    const rollout = values[programColumn.rollout_id] as string;
    const path = values[programColumn.path] as string;
    const version = values[programColumn.version] as number;
    const contentHash = values[programColumn.content_hash] as string;
    this.refer('rollouts', [rollout], at, 'rollout');
    if (content !== null) this.texts.putHashed(content, contentHash);
    const inserted = this.stmt.program.runValues(values);
    if (inserted.changes === 0) {
      const existing = this.stmt.programHash.get(rollout, path, version);
      if (existing === contentHash) return 'duplicate';
      throw importError(at, `program ${path} version ${version} of rollout "${rollout}" already exists with different content`);
    }
    this.failures.programInserted(rollout, path, version, values[programColumn.lines] as number);
    if (this.recentPrograms.size >= recentProgramsMax) this.recentPrograms.clear();
    this.recentPrograms.add(JSON.stringify([rollout, path, version]));
    return 'inserted';
  }

  /** Stores a program's text unless this import stored it already; returns its sha256. */
  private programText(content: string): string {
    const hash = sha256(content);
    if (!this.programTexts.remember(hash)) this.texts.putHashed(content, hash);
    return hash;
  }

  /**
   * A step's row; its texts are stored here unless they are known to be stored, and its
   * failure is extracted here unless it was worked out beside the writer.
   */
  private step({ values, stdout, stderr, stdoutStored, stderrStored, failure }: PreparedStep, at: SourceLocation): WriteOutcome {
    const rollout = values[stepColumn.rollout_id] as string;
    const idx = values[stepColumn.idx] as number;
    const programPath = values[stepColumn.program_path] as string | null;
    const programVersion = values[stepColumn.program_version] as number | null;
    const rolloutFound = this.refer('rollouts', [rollout], at, 'rollout');
    if (programPath !== null) this.refer('program_versions', [rollout, programPath, programVersion!], at, 'program');
    if (!stdoutStored) this.texts.putHashed(stdout, values[stepColumn.stdout_hash] as string);
    if (!stderrStored) this.texts.putHashed(stderr, values[stepColumn.stderr_hash] as string);
    const inserted = this.stmt.step.runValues(values);
    if (inserted.changes === 0) {
      return this.taken('step', at, stepCodec.table, 'rollout_id = ? AND idx = ?', [rollout, idx], values[stepColumn.record_hash] as string);
    }
    const command = values[stepColumn.command] as string;
    const exitCode = values[stepColumn.exit_code] as number | null;
    const timedOut = values[stepColumn.timed_out] === 1;
    const killed = values[stepColumn.killed] === 1;
    this.stepFigures.stepInserted(rollout, values[stepColumn.duration_ms] as number | null);
    this.failures.stepInserted({
      id: Number(inserted.lastInsertRowid),
      rollout,
      idx,
      command,
      stdout,
      stderr,
      exitCode,
      timedOut,
      killed,
      programPath,
      programVersion,
      // A step read before its rollout gets its failure event once the file is read: see FailureDeriver.
      deriveNow: rolloutFound,
      failure,
    });
    return 'inserted';
  }

  private failure(record: RecordOf<'failure'>, at: SourceLocation): WriteOutcome {
    this.refer('rollouts', [record.rollout], at, 'rollout');
    if (record.step !== null) {
      this.failures.annotate(record, at);
      return 'inserted';
    }
    const hash = recordHash(record);
    if (this.stmt.gradingFailureExists.get(record.rollout, hash)) return 'duplicate';
    this.failures.writeStaged();
    this.stmt.gradingFailure.run(failureCodec.write(record, { hash }));
    return 'inserted';
  }

  private rubric(record: RecordOf<'rubric'>, at: SourceLocation): WriteOutcome {
    return this.keyed(record, at, rubricCodec.table, 'id = ?', [record.id], (hash) => {
      this.stmt.rubric.run(rubricCodec.write(record, { hash }));
      this.stmt.rubricFts.run(record.id);
      for (const support of supportCodec.write(record)) this.stmt.support.run(support);
    });
  }

  private library(record: RecordOf<'library'>, at: SourceLocation): WriteOutcome {
    const seen = new Set<string>();
    record.rubrics.forEach((rubric, i) => {
      if (seen.has(rubric)) throw importError({ ...at, field: `rubrics.${i}` }, `rubric "${rubric}" is listed twice`);
      seen.add(rubric);
      this.refer('rubrics', [rubric], at, `rubrics.${i}`);
    });
    return this.keyed(record, at, libraryCodec.table, 'id = ?', [record.id], (hash) => {
      this.stmt.library.run(libraryCodec.write(record, { hash }));
      for (const rubric of libraryRubricCodec.write(record)) this.stmt.libraryRubric.run(rubric);
    });
  }

  private label(record: RecordOf<'label'>, at: SourceLocation): WriteOutcome {
    const hash = recordHash(record);
    const key = [record.annotator, record.schema, record.target.kind, record.target.id, record.at] as const;
    const existing = this.stmt.labelHash.get(...key);
    if (existing === hash) return 'duplicate';
    if (existing !== undefined) {
      throw importError(
        at,
        `label by "${record.annotator}" on ${record.target.kind} "${record.target.id}" at ${record.at} already exists with different content`,
      );
    }
    const needsReview = checkImportedLabel(this.db, record, at);
    const { lastInsertRowid } = this.stmt.label.run(labelCodec.write(record, { hash }));
    if (needsReview) this.db.prepare('UPDATE labels SET needs_review = 1 WHERE id = ?').run(lastInsertRowid);
    return 'inserted';
  }

  private caseRecord(record: RecordOf<'case'>, at: SourceLocation): WriteOutcome {
    this.refer('tasks', [record.task], at, 'task');
    const program = record.program;
    if ('rollout' in program) {
      this.refer('program_versions', [program.rollout, program.path, program.version], at, 'program');
    }
    return this.keyed(record, at, caseCodec.table, 'id = ?', [record.id], (hash) => this.stmt.caseRow.run(caseCodec.write(record, { hash })));
  }

  private attempt(record: RecordOf<'attempt'>, at: SourceLocation): WriteOutcome {
    this.refer('experiments', [record.experiment], at, 'experiment');
    this.refer('cases', [record.case], at, 'case');
    const key = [record.experiment, record.case, record.arm, record.repeat];
    return this.keyed(record, at, attemptCodec.table, 'experiment_id = ? AND case_id = ? AND arm = ? AND repeat = ?', key, (hash) =>
      this.stmt.attempt.run(attemptCodec.write(record, { hash })),
    );
  }
}
