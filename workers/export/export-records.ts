import type { BundleRecord, RecordOf } from '../../common/corpus/bundle';
import type { Db } from '../db/open-corpus';
import { exactTexts } from '../db/texts';

/** A table row as better-sqlite3 returns it. */
export type Row = Record<string, unknown>;

const parse = (json: unknown): unknown => (typeof json === 'string' ? JSON.parse(json) : undefined);
const extra = (row: Row): Record<string, unknown> => (parse(row.extra) as Record<string, unknown> | undefined) ?? {};
const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);
const optBool = (v: unknown): boolean | undefined => (v === null || v === undefined ? undefined : v === 1);

/**
 * Every corpus row as a bundle record, in an order that needs no forward references.
 * Derived failure events are not written: import derives them again from the steps; only
 * their human annotations (kind, category, cause) travel as failure records.
 */
export function* exportRecords(db: Db): Generator<BundleRecord> {
  const all = (sql: string, ...params: unknown[]) => db.prepare<unknown[], Row>(sql).iterate(...params);
  const text = exactTexts(db);

  for (const t of db.prepare<unknown[], Row>('SELECT * FROM taxonomies ORDER BY version').all()) {
    const categories = db
      .prepare<unknown[], Row>('SELECT * FROM categories WHERE taxonomy_version = ? ORDER BY position')
      .all(t.version)
      .map((c) => ({
        ...extra(c),
        code: c.code,
        name: c.name,
        family: c.family,
        parent: opt(c.parent),
        guideline: opt(c.guideline),
      }));
    yield { ...extra(t), type: 'taxonomy', version: t.version, categories } as RecordOf<'taxonomy'>;
  }
  for (const b of all('SELECT * FROM benchmarks ORDER BY id')) {
    yield { ...extra(b), type: 'benchmark', id: b.id, name: opt(b.name), discipline: b.discipline, role: b.role } as RecordOf<'benchmark'>;
  }
  for (const t of all('SELECT * FROM tasks ORDER BY id')) {
    yield {
      ...extra(t),
      type: 'task',
      id: t.id,
      benchmark: t.benchmark_id,
      statement: t.statement,
      metric: opt(t.metric),
      higherIsBetter: optBool(t.higher_is_better),
      facts: parse(t.facts),
    } as RecordOf<'task'>;
  }
  for (const c of all('SELECT * FROM collections ORDER BY id')) {
    yield { ...extra(c), type: 'collection', id: c.id, name: c.name, createdAt: opt(c.created_at), agent: opt(c.agent) } as RecordOf<'collection'>;
  }
  for (const r of all('SELECT * FROM rollouts ORDER BY id')) {
    yield {
      ...extra(r),
      type: 'rollout',
      id: r.id,
      task: r.task_id,
      collection: opt(r.collection_id),
      agent: opt(r.agent),
      seed: opt(r.seed),
      grade: opt(r.grade),
      score: opt(r.score),
      submitted: opt(r.submitted),
      graderVerdict: opt(r.grader_verdict),
      medal: opt(r.medal),
      aboveMedian: optBool(r.above_median),
      validSubmission: optBool(r.valid_submission),
    } as RecordOf<'rollout'>;
  }
  for (const p of all(`SELECT p.*, t.body FROM program_versions p JOIN texts t ON t.hash = p.content_hash
      ORDER BY p.rollout_id, p.path, p.version`)) {
    yield {
      ...extra(p),
      type: 'program',
      rollout: p.rollout_id,
      path: p.path,
      version: p.version,
      content: text(p.content_hash as string, p.body as string),
    } as RecordOf<'program'>;
  }
  for (const s of all(`SELECT s.*, o.body AS stdout, e.body AS stderr FROM steps s
      JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash ORDER BY s.rollout_id, s.idx`)) {
    yield {
      ...extra(s),
      type: 'step',
      rollout: s.rollout_id,
      index: s.idx,
      parent: opt(s.parent_idx),
      command: s.command,
      stdout: text(s.stdout_hash as string, s.stdout as string),
      stderr: text(s.stderr_hash as string, s.stderr as string),
      exitCode: opt(s.exit_code),
      durationMs: opt(s.duration_ms),
      timedOut: s.timed_out === 1,
      killed: s.killed === 1,
      score: opt(s.score),
      program: s.program_path === null ? undefined : { path: s.program_path, version: s.program_version },
    } as RecordOf<'step'>;
  }
  // A buggy node or a refused edit is no output's evidence: the harness's verdict travels as a record, its message with it.
  for (const f of all(`SELECT * FROM failure_events WHERE step_idx IS NULL OR category IS NOT NULL OR cause IS NOT NULL
      OR kind IN ('buggy', 'rejected_edit') ORDER BY rollout_id, step_idx IS NOT NULL, step_idx, id`)) {
    const verdict = f.kind === 'buggy' || f.kind === 'rejected_edit';
    yield {
      ...extra(f),
      type: 'failure',
      rollout: f.rollout_id,
      step: f.step_idx,
      kind: f.kind,
      category: opt(f.category),
      cause: opt(f.cause),
      ...(verdict && f.message !== null ? { message: f.message } : {}),
    } as RecordOf<'failure'>;
  }
  for (const r of all('SELECT * FROM rubrics ORDER BY id')) yield rubricToRecord(db, r);
  for (const l of all('SELECT * FROM libraries ORDER BY id')) yield libraryToRecord(db, l);
  for (const l of all('SELECT * FROM labels ORDER BY made_at, annotator, schema_name, target_kind, target_id')) {
    yield {
      ...extra(l),
      type: 'label',
      annotator: l.annotator,
      schema: l.schema_name,
      target: { kind: l.target_kind, id: l.target_id },
      value: parse(l.value),
      reasons: parse(l.reasons),
      note: l.note,
      at: l.made_at,
    } as RecordOf<'label'>;
  }
  for (const c of all('SELECT * FROM cases ORDER BY id')) {
    yield {
      ...extra(c),
      type: 'case',
      id: c.id,
      task: c.task_id,
      program: parse(c.program),
      command: c.command,
      timeoutS: c.timeout_s,
      score: parse(c.score_rule),
      dataDir: opt(c.data_dir),
    } as RecordOf<'case'>;
  }
  for (const e of all('SELECT * FROM experiments ORDER BY id')) {
    yield { ...extra(e), type: 'experiment', id: e.id, name: e.name, arms: parse(e.arms), repeats: e.repeats } as RecordOf<'experiment'>;
  }
  for (const a of all('SELECT * FROM attempts ORDER BY experiment_id, case_id, arm, repeat')) {
    yield {
      ...extra(a),
      type: 'attempt',
      experiment: a.experiment_id,
      case: a.case_id,
      arm: a.arm,
      repeat: a.repeat,
      status: a.status,
      exitCode: opt(a.exit_code),
      wallS: opt(a.wall_s),
      score: opt(a.score),
      valid: optBool(a.valid),
      host: opt(a.host),
    } as RecordOf<'attempt'>;
  }
}

/** A rubrics row as its bundle record; shared with the pipeline, whose replay compares these lines. */
export function rubricToRecord(db: Db, r: Row): RecordOf<'rubric'> {
  // Support keeps the order it was imported in (rowid), so an export re-imports as the same record.
  const support = db
    .prepare<unknown[], Row>('SELECT rollout_id, task_id FROM rubric_support WHERE rubric_id = ? ORDER BY rowid')
    .all(r.id)
    .map((s) => ({
      rollout: s.rollout_id,
      task: opt(s.task_id),
    }));
  return {
    ...extra(r),
    type: 'rubric',
    id: r.id,
    title: r.title,
    appliesWhen: r.applies_when,
    pattern: r.pattern,
    fix: opt(r.fix),
    family: r.family,
    category: opt(r.category),
    support,
    miner: opt(r.miner),
  } as RecordOf<'rubric'>;
}

/** A libraries row as its bundle record, its rubrics in library order. */
export function libraryToRecord(db: Db, l: Row): RecordOf<'library'> {
  const rubrics = db.prepare('SELECT rubric_id FROM library_rubrics WHERE library_id = ? ORDER BY position').pluck().all(l.id);
  return {
    ...extra(l),
    type: 'library',
    id: l.id,
    name: l.name,
    method: l.method,
    builtAt: l.built_at,
    params: parse(l.params),
    rubrics,
  } as RecordOf<'library'>;
}
