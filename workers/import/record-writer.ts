import type { RecordOf } from '../../common/bundle';
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
} from '../../common/bundle';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open-corpus';
import { sha256, TextStore } from '../db/texts';
import { canonicalJson } from './canonical-json';
import { importError, type SourceLocation } from './import-error';

/** What one record did to the corpus. */
export type WriteOutcome = 'inserted' | 'duplicate';

/** A reference a record makes to another record, checked once the whole file is read. */
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

/** Unknown fields of a record, kept as JSON so export can write them back. */
export function extraOf(record: BundleRecord): string | null {
  const known = new Set<string>(knownFields[record.type]);
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!known.has(key)) extra[key] = value;
  return Object.keys(extra).length ? canonicalJson(extra) : null;
}

const bool = (v: boolean | null | undefined): number | null => (v === undefined || v === null ? null : v ? 1 : 0);

/**
 * Writes validated bundle records into the corpus, one statement set per record type.
 * Records are keyed by their natural id; the same record again is a duplicate, the same
 * id with different content is an error naming the line. References are collected and
 * checked by the caller at the end, because a bundle's records may come in any order.
 */
export class RecordWriter {
  readonly texts: TextStore;
  readonly references: PendingReference[] = [];
  /** Failure records that annotate a step's derived failure event; applied after derivation. */
  readonly stepFailures: { at: SourceLocation; record: RecordOf<'failure'> }[] = [];
  private readonly seenRefs = new Set<string>();
  private readonly hashLookups = new Map<string, Statement>();
  private readonly stmt;

  constructor(private readonly db: Db) {
    this.texts = new TextStore(db);
    const p = (sql: string) => db.prepare(sql);
    this.stmt = {
      taxonomy: p('INSERT INTO taxonomies (version, record_hash, extra) VALUES (?, ?, ?)'),
      category: p(
        'INSERT INTO categories (taxonomy_version, code, name, family, parent, guideline, position, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      benchmark: p('INSERT INTO benchmarks (id, name, discipline, role, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)'),
      task: p(
        'INSERT INTO tasks (id, benchmark_id, statement, metric, higher_is_better, facts, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      collection: p('INSERT INTO collections (id, name, created_at, agent, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)'),
      rollout: p(`INSERT INTO rollouts (id, task_id, collection_id, agent, seed, grade, score, submitted, grader_verdict,
        medal, above_median, valid_submission, source_format, record_hash, extra)
        VALUES (@id, @task, @collection, @agent, @seed, @grade, @score, @submitted, @graderVerdict,
        @medal, @aboveMedian, @validSubmission, @sourceFormat, @hash, @extra)`),
      programHash: p('SELECT content_hash FROM program_versions WHERE rollout_id = ? AND path = ? AND version = ?').pluck(),
      program: p(
        'INSERT INTO program_versions (rollout_id, path, version, content_hash, lines, extra) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      step: p(`INSERT INTO steps (rollout_id, idx, parent_idx, command, stdout_hash, stderr_hash, stdout_bytes, stderr_bytes,
        exit_code, duration_ms, timed_out, killed, score, program_path, program_version, record_hash, extra)
        VALUES (@rollout, @index, @parent, @command, @stdoutHash, @stderrHash, @stdoutBytes, @stderrBytes,
        @exitCode, @durationMs, @timedOut, @killed, @score, @programPath, @programVersion, @hash, @extra)`),
      gradingFailure: p(`INSERT INTO failure_events (rollout_id, step_idx, kind, category, cause, record_hash, extra)
        VALUES (?, NULL, ?, ?, ?, ?, ?)`),
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
      labelHash: p(`SELECT record_hash FROM labels WHERE annotator = ? AND schema_name = ? AND target_kind = ?
        AND target_id = ? AND made_at = ?`).pluck(),
      caseRow: p(`INSERT INTO cases (id, task_id, program, command, timeout_s, score_rule, data_dir, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      experiment: p('INSERT INTO experiments (id, name, arms, repeats, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?)'),
      attempt: p(`INSERT INTO attempts (experiment_id, case_id, arm, repeat, status, exit_code, wall_s, score, valid, host, record_hash, extra)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    };
  }

  /** Writes one record; `sourceFormat` records which importer produced a rollout. */
  write(record: BundleRecord, at: SourceLocation, sourceFormat = 'bundle'): WriteOutcome {
    switch (record.type) {
      case 'taxonomy':
        return this.taxonomy(record, at);
      case 'benchmark':
        return this.keyed(record, at, 'benchmarks', 'id = ?', [record.id], (hash) =>
          this.stmt.benchmark.run(record.id, record.name ?? null, record.discipline, record.role, hash, extraOf(record)),
        );
      case 'task':
        this.refer('benchmarks', [record.benchmark], { ...at, field: 'benchmark' }, `benchmark "${record.benchmark}"`);
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
        return this.program(record, at);
      case 'step':
        return this.step(record, at);
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

  private refer(table: PendingReference['table'], key: (string | number)[], at: SourceLocation, what: string): void {
    const id = `${table}\u0000${key.join('\u0000')}`;
    if (this.seenRefs.has(id)) return;
    this.seenRefs.add(id);
    this.references.push({ table, key, at, what });
  }

  /** Inserts a record keyed by `where`, or recognises it as a duplicate, or refuses a conflicting one. */
  private keyed(
    record: BundleRecord,
    at: SourceLocation,
    table: string,
    where: string,
    key: unknown[],
    insert: (hash: string) => void,
  ): WriteOutcome {
    const hash = sha256(canonicalJson(record));
    const existing = this.hashLookup(table, where).get(...key) as string | undefined;
    if (existing === hash) return 'duplicate';
    if (existing !== undefined) {
      throw importError(at, `${record.type} ${key.map((k) => JSON.stringify(k)).join(' ')} already exists with different content`);
    }
    insert(hash);
    return 'inserted';
  }

  private hashLookup(table: string, where: string): Statement {
    const sql = `SELECT record_hash FROM ${table} WHERE ${where}`;
    let stmt = this.hashLookups.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql).pluck();
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
    });
  }

  private rollout(record: RecordOf<'rollout'>, at: SourceLocation, sourceFormat: string): WriteOutcome {
    this.refer('tasks', [record.task], { ...at, field: 'task' }, `task "${record.task}"`);
    if (record.collection) {
      this.refer('collections', [record.collection], { ...at, field: 'collection' }, `collection "${record.collection}"`);
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

  private program(record: RecordOf<'program'>, at: SourceLocation): WriteOutcome {
    this.refer('rollouts', [record.rollout], { ...at, field: 'rollout' }, `rollout "${record.rollout}"`);
    const contentHash = sha256(record.content);
    const existing = this.stmt.programHash.get(record.rollout, record.path, record.version) as string | undefined;
    if (existing === contentHash) return 'duplicate';
    if (existing !== undefined) {
      throw importError(at, `program ${record.path} version ${record.version} of rollout "${record.rollout}" already exists with different content`);
    }
    this.texts.put(record.content);
    this.stmt.program.run(record.rollout, record.path, record.version, contentHash, countLines(record.content), extraOf(record));
    return 'inserted';
  }

  private step(record: RecordOf<'step'>, at: SourceLocation): WriteOutcome {
    this.refer('rollouts', [record.rollout], { ...at, field: 'rollout' }, `rollout "${record.rollout}"`);
    if (record.program) {
      const { path, version } = record.program;
      this.refer('program_versions', [record.rollout, path, version], { ...at, field: 'program' }, `program ${path} version ${version} of rollout "${record.rollout}"`);
    }
    return this.keyed(record, at, 'steps', 'rollout_id = ? AND idx = ?', [record.rollout, record.index], (hash) =>
      this.stmt.step.run({
        rollout: record.rollout,
        index: record.index,
        parent: record.parent ?? null,
        command: record.command,
        stdoutHash: this.texts.put(record.stdout),
        stderrHash: this.texts.put(record.stderr),
        stdoutBytes: Buffer.byteLength(record.stdout),
        stderrBytes: Buffer.byteLength(record.stderr),
        exitCode: record.exitCode ?? null,
        durationMs: record.durationMs ?? null,
        timedOut: record.timedOut ? 1 : 0,
        killed: record.killed ? 1 : 0,
        score: record.score ?? null,
        programPath: record.program?.path ?? null,
        programVersion: record.program?.version ?? null,
        hash,
        extra: extraOf(record),
      }),
    );
  }

  private failure(record: RecordOf<'failure'>, at: SourceLocation): WriteOutcome {
    this.refer('rollouts', [record.rollout], { ...at, field: 'rollout' }, `rollout "${record.rollout}"`);
    if (record.step !== null) {
      this.stepFailures.push({ at, record });
      return 'inserted';
    }
    const hash = sha256(canonicalJson(record));
    if (this.stmt.gradingFailureExists.get(record.rollout, hash)) return 'duplicate';
    this.stmt.gradingFailure.run(
      record.rollout,
      record.kind ?? 'wrong_answer',
      record.category ?? null,
      record.cause ?? null,
      hash,
      extraOf(record),
    );
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
      this.refer('rubrics', [rubric], { ...at, field: `rubrics.${i}` }, `rubric "${rubric}"`);
    });
    return this.keyed(record, at, 'libraries', 'id = ?', [record.id], (hash) => {
      this.stmt.library.run(record.id, record.name, record.method, record.builtAt, canonicalJson(record.params ?? {}), hash, extraOf(record));
      record.rubrics.forEach((rubric, position) => this.stmt.libraryRubric.run(record.id, rubric, position));
    });
  }

  private label(record: RecordOf<'label'>, at: SourceLocation): WriteOutcome {
    const hash = sha256(canonicalJson(record));
    const key = [record.annotator, record.schema, record.target.kind, record.target.id, record.at] as const;
    const existing = this.stmt.labelHash.get(...key) as string | undefined;
    if (existing === hash) return 'duplicate';
    if (existing !== undefined) {
      throw importError(at, `label by "${record.annotator}" on ${record.target.kind} "${record.target.id}" at ${record.at} already exists with different content`);
    }
    this.stmt.label.run(...key.slice(0, 4), canonicalJson(record.value ?? null), JSON.stringify(record.reasons), record.note, record.at, hash, extraOf(record));
    return 'inserted';
  }

  private caseRecord(record: RecordOf<'case'>, at: SourceLocation): WriteOutcome {
    this.refer('tasks', [record.task], { ...at, field: 'task' }, `task "${record.task}"`);
    const program = record.program;
    if ('rollout' in program) {
      this.refer('program_versions', [program.rollout, program.path, program.version], { ...at, field: 'program' }, `program ${program.path} version ${program.version} of rollout "${program.rollout}"`);
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
    this.refer('experiments', [record.experiment], { ...at, field: 'experiment' }, `experiment "${record.experiment}"`);
    this.refer('cases', [record.case], { ...at, field: 'case' }, `case "${record.case}"`);
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
