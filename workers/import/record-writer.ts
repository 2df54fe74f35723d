import type { RecordOf } from '../../common/corpus/bundle';
import {
  attemptRecord,
  benchmarkRecord,
  caseRecord,
  collectionRecord,
  experimentRecord,
  failureRecord,
  labelRecord,
  libraryRecord,
  programRecord,
  rolloutRecord,
  rubricRecord,
  stepRecord,
  taskRecord,
  taxonomyRecord,
  type BundleRecord,
} from '../../common/corpus/bundle';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open-corpus';
import { TextStore, sha256 } from '../db/texts';
import { canonicalJson, recordHash } from './canonical-json';
import type { Precomputed } from './bundle-reader';
import { FailureDeriver } from './derive-failures';
import { StepFigures } from '../corpus/step-figures';
import { checkImportedLabel } from '../labels/label-requirements-check';
import { importError, type SourceLocation } from './import-error';
import { referenceLookups } from './check-references';

/** What one record did to the corpus. */
export type WriteOutcome = 'inserted' | 'duplicate';

/** A reference a record makes to another record that was not there when it was read, checked once the whole file is read. */
export interface PendingReference {
  table: 'benchmarks' | 'tasks' | 'collections' | 'rollouts' | 'rubrics' | 'program_versions' | 'cases' | 'experiments';
  key: readonly (string | number)[];
  at: SourceLocation;
  what: string;
}

const knownFields = {
  taxonomy: Object.keys(taxonomyRecord.shape),
  benchmark: Object.keys(benchmarkRecord.shape),
  task: Object.keys(taskRecord.shape),
  collection: Object.keys(collectionRecord.shape),
  rollout: Object.keys(rolloutRecord.shape),
  program: Object.keys(programRecord.shape),
  step: Object.keys(stepRecord.shape),
  failure: Object.keys(failureRecord.shape),
  rubric: Object.keys(rubricRecord.shape),
  library: Object.keys(libraryRecord.shape),
  label: Object.keys(labelRecord.shape),
  case: Object.keys(caseRecord.shape),
  experiment: Object.keys(experimentRecord.shape),
  attempt: Object.keys(attemptRecord.shape),
} satisfies Record<BundleRecord['type'], string[]>;

const knownFieldSets = Object.fromEntries(Object.entries(knownFields).map(([type, fields]) => [type, new Set<string>(fields)])) as unknown as Record<
  BundleRecord['type'],
  ReadonlySet<string>
>;

/** Unknown fields of a record, kept as JSON so export can write them back. */
export function extraOf(record: BundleRecord): string | null {
  const known = knownFieldSets[record.type];
  let extra: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    if (!known.has(key)) (extra ??= {})[key] = (record as Record<string, unknown>)[key];
  }
  return extra === null ? null : canonicalJson(extra);
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

/** How many recently inserted program versions are remembered for references. */
const recentProgramsMax = 4096;
/** Bound on the program texts' sha256s remembered (about 110 bytes each). */
const programTextsMax = 128 * 1024;

const bool = (v: boolean | null | undefined): number | null => (v === undefined || v === null ? null : v ? 1 : 0);

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
  private readonly programTexts = new Set<string>();
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
    const p = (sql: string) => db.prepare(sql);
    this.stmt = {
      taxonomy: p('INSERT INTO taxonomies (version, record_hash, extra) VALUES (?, ?, ?)'),
      category: p('INSERT INTO categories (taxonomy_version, code, name, family, parent, guideline, position, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      benchmark: p('INSERT INTO benchmarks (id, name, discipline, role, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)'),
      task: p('INSERT INTO tasks (id, benchmark_id, statement, metric, higher_is_better, facts, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      collection: p('INSERT INTO collections (id, name, created_at, agent, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)'),
      rollout: p(`INSERT INTO rollouts (id, task_id, collection_id, agent, seed, grade, score, submitted, grader_verdict,
        medal, above_median, valid_submission, source_format, record_hash, extra)
        VALUES (@id, @task, @collection, @agent, @seed, @grade, @score, @submitted, @graderVerdict,
        @medal, @aboveMedian, @validSubmission, @sourceFormat, @hash, @extra)`),
      programHash: db.prepare<unknown[], string>('SELECT content_hash FROM program_versions WHERE rollout_id = ? AND path = ? AND version = ?').pluck(),
      // Steps and programs are most of a bundle: they are inserted first and looked up only
      // when the key is taken (a duplicate or a conflict), which saves a lookup per row.
      program: p(`INSERT INTO program_versions (rollout_id, path, version, content_hash, lines, extra) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (rollout_id, path, version) DO NOTHING`),
      step: p(`INSERT INTO steps (rollout_id, idx, parent_idx, command, stdout_hash, stderr_hash, stdout_bytes, stderr_bytes,
        exit_code, duration_ms, timed_out, killed, score, program_path, program_version, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (rollout_id, idx) DO NOTHING`),
      gradingFailure: p(`INSERT INTO failure_events (rollout_id, step_idx, kind, category, cause, message, record_hash, extra)
        VALUES (?, NULL, ?, ?, ?, ?, ?, ?)`),
      gradingFailureExists: p('SELECT 1 FROM failure_events WHERE rollout_id = ? AND step_idx IS NULL AND record_hash = ?'),
      rubric: p(`INSERT INTO rubrics (id, title, applies_when, pattern, fix, family, category, miner, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      rubricFts: p(`INSERT INTO rubric_fts (rowid, title, applies_when, pattern, fix)
        SELECT rowid, title, applies_when, pattern, fix FROM rubrics WHERE id = ?`),
      support: p('INSERT OR IGNORE INTO rubric_support (rubric_id, rollout_id, task_id) VALUES (?, ?, ?)'),
      library: p('INSERT INTO libraries (id, name, method, built_at, params, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      libraryRubric: p('INSERT INTO library_rubrics (library_id, rubric_id, position) VALUES (?, ?, ?)'),
      label: p(`INSERT INTO labels (annotator, schema_name, target_kind, target_id, value, reasons, note, made_at, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      labelHash: db
        .prepare<unknown[], string>(
          `SELECT record_hash FROM labels WHERE annotator = ? AND schema_name = ? AND target_kind = ?
        AND target_id = ? AND made_at = ?`,
        )
        .pluck(),
      caseRow: p(`INSERT INTO cases (id, task_id, program, command, timeout_s, score_rule, data_dir, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      experiment: p('INSERT INTO experiments (id, name, arms, repeats, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)'),
      attempt: p(`INSERT INTO attempts (experiment_id, case_id, arm, repeat, status, exit_code, wall_s, score, valid, host, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    };
  }

  /**
   * Writes one record; `sourceFormat` records which importer produced a rollout; `precomputed`
   * is a step's work done beside the writer, `textHashes` the sha256s of the texts a step or
   * program stores (see LocatedRecord).
   */
  write(record: BundleRecord, at: SourceLocation, sourceFormat = 'bundle', precomputed?: Precomputed, textHashes?: readonly string[]): WriteOutcome {
    switch (record.type) {
      case 'taxonomy':
        return this.taxonomy(record, at);
      case 'benchmark':
        return this.keyed(record, at, 'benchmarks', 'id = ?', [record.id], (hash) =>
          this.stmt.benchmark.run(record.id, record.name ?? null, record.discipline, record.role, hash, extraOf(record)),
        );
      case 'task':
        this.refer('benchmarks', [record.benchmark], at, 'benchmark');
        return this.keyed(record, at, 'tasks', 'id = ?', [record.id], (hash) =>
          this.stmt.task.run(
            record.id,
            record.benchmark,
            record.statement,
            record.metric ?? null,
            bool(record.higherIsBetter),
            canonicalJson(record.facts ?? { files: [], packages: [] }),
            hash,
            extraOf(record),
          ),
        );
      case 'collection':
        return this.keyed(record, at, 'collections', 'id = ?', [record.id], (hash) =>
          this.stmt.collection.run(record.id, record.name, record.createdAt ?? null, record.agent ?? null, hash, extraOf(record)),
        );
      case 'rollout':
        return this.rollout(record, at, sourceFormat);
      case 'program':
        return this.program(record, at, textHashes?.[0]);
      case 'step':
        return this.step(record, at, precomputed, textHashes);
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
        return this.keyed(record, at, 'experiments', 'id = ?', [record.id], (hash) =>
          this.stmt.experiment.run(record.id, record.name, JSON.stringify(record.arms), record.repeats, hash, extraOf(record)),
        );
      case 'attempt':
        return this.attempt(record, at);
    }
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
    const deferredId = `${table}\u0000${id}`;
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
  private taken(record: BundleRecord, at: SourceLocation, table: string, where: string, key: unknown[], hash: string): WriteOutcome {
    const existing = this.hashLookup(table, where).get(...key);
    if (existing === hash) return 'duplicate';
    throw importError(at, `${record.type} ${key.map((k) => JSON.stringify(k)).join(' ')} already exists with different content`);
  }

  /** Inserts a record keyed by `where`, or recognises it as a duplicate, or refuses a conflicting one. */
  private keyed(record: BundleRecord, at: SourceLocation, table: string, where: string, key: unknown[], insert: (hash: string) => void): WriteOutcome {
    const hash = recordHash(record);
    if (this.hashLookup(table, where).get(...key) !== undefined) return this.taken(record, at, table, where, key, hash);
    insert(hash);
    return 'inserted';
  }

  private hashLookup(table: string, where: string): Statement<unknown[], string> {
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
    return this.keyed(record, at, 'taxonomies', 'version = ?', [record.version], (hash) => {
      this.stmt.taxonomy.run(record.version, hash, extraOf(record));
      record.categories.forEach((c, position) => {
        const { code, name, family, parent, guideline, ...rest } = c;
        const extra = Object.keys(rest).length ? canonicalJson(rest) : null;
        this.stmt.category.run(record.version, code, name, family, parent ?? null, guideline ?? null, position, extra);
      });
      this.failures.categoriesChanged();
    });
  }

  private rollout(record: RecordOf<'rollout'>, at: SourceLocation, sourceFormat: string): WriteOutcome {
    this.refer('tasks', [record.task], at, 'task');
    if (record.collection) {
      this.refer('collections', [record.collection], at, 'collection');
    }
    return this.keyed(record, at, 'rollouts', 'id = ?', [record.id], (hash) =>
      this.stmt.rollout.run({
        id: record.id,
        task: record.task,
        collection: record.collection ?? null,
        agent: record.agent ?? null,
        seed: record.seed ?? null,
        grade: record.grade ?? null,
        score: record.score ?? null,
        submitted: record.submitted ?? null,
        graderVerdict: record.graderVerdict ?? null,
        medal: record.medal ?? null,
        aboveMedian: bool(record.aboveMedian),
        validSubmission: bool(record.validSubmission),
        sourceFormat,
        hash,
        extra: extraOf(record),
      }),
    );
  }

  private program(record: RecordOf<'program'>, at: SourceLocation, knownHash: string | undefined): WriteOutcome {
    this.refer('rollouts', [record.rollout], at, 'rollout');
    const contentHash = this.programText(record.content, knownHash);
    const inserted = this.stmt.program.run(record.rollout, record.path, record.version, contentHash, countLines(record.content), extraOf(record));
    if (inserted.changes === 0) {
      const existing = this.stmt.programHash.get(record.rollout, record.path, record.version);
      if (existing === contentHash) return 'duplicate';
      throw importError(at, `program ${record.path} version ${record.version} of rollout "${record.rollout}" already exists with different content`);
    }
    this.failures.programInserted(record.rollout);
    if (this.recentPrograms.size >= recentProgramsMax) this.recentPrograms.clear();
    this.recentPrograms.add(JSON.stringify([record.rollout, record.path, record.version]));
    return 'inserted';
  }

  private programText(content: string, knownHash: string | undefined): string {
    const hash = knownHash ?? sha256(content);
    if (!this.programTexts.has(hash)) {
      this.texts.put(content, false, hash);
      if (this.programTexts.size >= programTextsMax) this.programTexts.clear();
      this.programTexts.add(hash);
    }
    return hash;
  }

  private step(record: RecordOf<'step'>, at: SourceLocation, precomputed: Precomputed | undefined, textHashes: readonly string[] | undefined): WriteOutcome {
    const rolloutFound = this.refer('rollouts', [record.rollout], at, 'rollout');
    if (record.program) {
      const { path, version } = record.program;
      this.refer('program_versions', [record.rollout, path, version], at, 'program');
    }
    const hash = precomputed?.hash ?? recordHash(record);
    const programPath = record.program?.path ?? null;
    const programVersion = record.program?.version ?? null;
    const exitCode = record.exitCode ?? null;
    const inserted = this.stmt.step.run(
      record.rollout,
      record.index,
      record.parent ?? null,
      record.command,
      this.texts.put(record.stdout, true, textHashes?.[0]),
      this.texts.put(record.stderr, true, textHashes?.[1]),
      Buffer.byteLength(record.stdout),
      Buffer.byteLength(record.stderr),
      exitCode,
      record.durationMs ?? null,
      record.timedOut ? 1 : 0,
      record.killed ? 1 : 0,
      record.score ?? null,
      programPath,
      programVersion,
      hash,
      extraOf(record),
    );
    if (inserted.changes === 0) return this.taken(record, at, 'steps', 'rollout_id = ? AND idx = ?', [record.rollout, record.index], hash);
    this.stepFigures.stepInserted(record.rollout, record.durationMs ?? null);
    this.failures.stepInserted({
      id: Number(inserted.lastInsertRowid),
      rollout: record.rollout,
      idx: record.index,
      command: record.command,
      stdout: record.stdout,
      stderr: record.stderr,
      exitCode,
      timedOut: record.timedOut,
      killed: record.killed,
      programPath,
      programVersion,
      // A step read before its rollout gets its failure event once the file is read: see FailureDeriver.
      deriveNow: rolloutFound,
      failure: precomputed?.failure,
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
    const message = record.message ?? null;
    this.stmt.gradingFailure.run(record.rollout, record.kind ?? 'wrong_answer', record.category ?? null, record.cause ?? null, message, hash, extraOf(record));
    return 'inserted';
  }

  private rubric(record: RecordOf<'rubric'>, at: SourceLocation): WriteOutcome {
    return this.keyed(record, at, 'rubrics', 'id = ?', [record.id], (hash) => {
      this.stmt.rubric.run(
        record.id,
        record.title,
        record.appliesWhen,
        record.pattern,
        record.fix ?? null,
        record.family,
        record.category ?? null,
        record.miner ?? null,
        hash,
        extraOf(record),
      );
      this.stmt.rubricFts.run(record.id);
      for (const s of record.support) this.stmt.support.run(record.id, s.rollout, s.task ?? null);
    });
  }

  private library(record: RecordOf<'library'>, at: SourceLocation): WriteOutcome {
    const seen = new Set<string>();
    record.rubrics.forEach((rubric, i) => {
      if (seen.has(rubric)) throw importError({ ...at, field: `rubrics.${i}` }, `rubric "${rubric}" is listed twice`);
      seen.add(rubric);
      this.refer('rubrics', [rubric], at, `rubrics.${i}`);
    });
    return this.keyed(record, at, 'libraries', 'id = ?', [record.id], (hash) => {
      this.stmt.library.run(record.id, record.name, record.method, record.builtAt, canonicalJson(record.params ?? {}), hash, extraOf(record));
      record.rubrics.forEach((rubric, position) => this.stmt.libraryRubric.run(record.id, rubric, position));
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
    const { lastInsertRowid } = this.stmt.label.run(
      ...key.slice(0, 4),
      canonicalJson(record.value ?? null),
      JSON.stringify(record.reasons),
      record.note,
      record.at,
      hash,
      extraOf(record),
    );
    if (needsReview) this.db.prepare('UPDATE labels SET needs_review = 1 WHERE id = ?').run(lastInsertRowid);
    return 'inserted';
  }

  private caseRecord(record: RecordOf<'case'>, at: SourceLocation): WriteOutcome {
    this.refer('tasks', [record.task], at, 'task');
    const program = record.program;
    if ('rollout' in program) {
      this.refer('program_versions', [program.rollout, program.path, program.version], at, 'program');
    }
    return this.keyed(record, at, 'cases', 'id = ?', [record.id], (hash) =>
      this.stmt.caseRow.run(
        record.id,
        record.task,
        canonicalJson(program),
        record.command,
        record.timeoutS,
        canonicalJson(record.score),
        record.dataDir ?? null,
        hash,
        extraOf(record),
      ),
    );
  }

  private attempt(record: RecordOf<'attempt'>, at: SourceLocation): WriteOutcome {
    this.refer('experiments', [record.experiment], at, 'experiment');
    this.refer('cases', [record.case], at, 'case');
    const key = [record.experiment, record.case, record.arm, record.repeat];
    return this.keyed(record, at, 'attempts', 'experiment_id = ? AND case_id = ? AND arm = ? AND repeat = ?', key, (hash) =>
      this.stmt.attempt.run(
        ...key,
        record.status,
        record.exitCode ?? null,
        record.wallS ?? null,
        record.score ?? null,
        bool(record.valid),
        record.host ?? null,
        hash,
        extraOf(record),
      ),
    );
  }
}

export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (i < text.length - 1) n += 1;
  return n;
}
