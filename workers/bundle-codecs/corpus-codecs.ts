import type { RecordOf } from '../../common/corpus/bundle';
import { canonicalJson } from '../util/canonical-json';
import { bool, extraFields, extraOf, fromJson, opt, optBool, orNull, type PartCodec, type RecordCodec } from './record-codec';

type Taxonomy = RecordOf<'taxonomy'>;
type TaxonomyRow = { _rowid: number; version: string; extra: string | null };
type CategoryRow = { _rowid: number; code: string; name: string; family: string; parent: string | null; guideline: string | null; extra: string | null };

/** A taxonomy's categories, in their order. */
export const categoryCodec: PartCodec<'taxonomy', 'taxonomy_version' | 'code' | 'name' | 'family' | 'parent' | 'guideline' | 'position' | 'extra'> = {
  table: 'categories',
  columns: ['taxonomy_version', 'code', 'name', 'family', 'parent', 'guideline', 'position', 'extra'],
  write: (record) =>
    record.categories.map((c, position) => {
      const { code, name, family, parent, guideline, ...rest } = c;
      const extra = Object.keys(rest).length ? canonicalJson(rest) : null;
      return { taxonomy_version: record.version, code, name, family, parent: orNull(parent), guideline: orNull(guideline), position, extra };
    }),
};

export const taxonomyCodec: RecordCodec<'taxonomy', TaxonomyRow, { hash: string }, 'version' | 'record_hash' | 'extra'> = {
  table: 'taxonomies',
  columns: ['version', 'record_hash', 'extra'],
  write: (record, { hash }) => ({ version: record.version, record_hash: hash, extra: extraOf(record) }),
  select: 'SELECT rowid AS _rowid, version, extra FROM taxonomies ORDER BY version',
  read(t, from): Taxonomy {
    const categories = from
      .rows<CategoryRow>('categories', 'SELECT rowid AS _rowid, * FROM categories WHERE taxonomy_version = ? ORDER BY position', t.version)
      .map((c) => ({ ...extraFields(c.extra), code: c.code, name: c.name, family: c.family, parent: opt(c.parent), guideline: opt(c.guideline) }));
    return { ...extraFields(t.extra), type: 'taxonomy', version: t.version, categories };
  },
};

type Benchmark = RecordOf<'benchmark'>;
type BenchmarkRow = { _rowid: number; id: string; name: string | null; discipline: Benchmark['discipline']; role: Benchmark['role']; extra: string | null };

export const benchmarkCodec: RecordCodec<'benchmark', BenchmarkRow, { hash: string }, 'id' | 'name' | 'discipline' | 'role' | 'record_hash' | 'extra'> = {
  table: 'benchmarks',
  columns: ['id', 'name', 'discipline', 'role', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    name: orNull(record.name),
    discipline: record.discipline,
    role: record.role,
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM benchmarks ORDER BY id',
  read: (b) => ({ ...extraFields(b.extra), type: 'benchmark', id: b.id, name: opt(b.name), discipline: b.discipline, role: b.role }),
};

type Task = RecordOf<'task'>;
type TaskRow = {
  _rowid: number;
  id: string;
  benchmark_id: string;
  statement: string;
  metric: string | null;
  higher_is_better: number | null;
  facts: string;
  extra: string | null;
};

export const taskCodec: RecordCodec<
  'task',
  TaskRow,
  { hash: string },
  'id' | 'benchmark_id' | 'statement' | 'metric' | 'higher_is_better' | 'facts' | 'record_hash' | 'extra'
> = {
  table: 'tasks',
  columns: ['id', 'benchmark_id', 'statement', 'metric', 'higher_is_better', 'facts', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    benchmark_id: record.benchmark,
    statement: record.statement,
    metric: orNull(record.metric),
    higher_is_better: bool(record.higherIsBetter),
    facts: canonicalJson(record.facts ?? { files: [], packages: [] }),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM tasks ORDER BY id',
  read: (t) => ({
    ...extraFields(t.extra),
    type: 'task',
    id: t.id,
    benchmark: t.benchmark_id,
    statement: t.statement,
    metric: opt(t.metric),
    higherIsBetter: optBool(t.higher_is_better),
    facts: fromJson<Task['facts']>(t.facts),
  }),
};

type CollectionRow = { _rowid: number; id: string; name: string; created_at: string | null; agent: string | null; extra: string | null };

export const collectionCodec: RecordCodec<'collection', CollectionRow, { hash: string }, 'id' | 'name' | 'created_at' | 'agent' | 'record_hash' | 'extra'> = {
  table: 'collections',
  columns: ['id', 'name', 'created_at', 'agent', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    name: record.name,
    created_at: orNull(record.createdAt),
    agent: orNull(record.agent),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM collections ORDER BY id',
  read: (c) => ({ ...extraFields(c.extra), type: 'collection', id: c.id, name: c.name, createdAt: opt(c.created_at), agent: opt(c.agent) }),
};

type Rollout = RecordOf<'rollout'>;
type RolloutRow = {
  _rowid: number;
  id: string;
  task_id: string;
  collection_id: string | null;
  agent: string | null;
  seed: number | null;
  grade: NonNullable<Rollout['grade']> | null;
  score: number | null;
  submitted: string | null;
  grader_verdict: string | null;
  medal: NonNullable<Rollout['medal']> | null;
  above_median: number | null;
  valid_submission: number | null;
  extra: string | null;
};
type RolloutColumn =
  | 'id'
  | 'task_id'
  | 'collection_id'
  | 'agent'
  | 'seed'
  | 'grade'
  | 'score'
  | 'submitted'
  | 'grader_verdict'
  | 'medal'
  | 'above_median'
  | 'valid_submission'
  | 'source_format'
  | 'record_hash'
  | 'extra';

/** `sourceFormat`: the importer that read the rollout (kept beside it, not in its record). */
export const rolloutCodec: RecordCodec<'rollout', RolloutRow, { hash: string; sourceFormat: string }, RolloutColumn> = {
  table: 'rollouts',
  columns: [
    'id',
    'task_id',
    'collection_id',
    'agent',
    'seed',
    'grade',
    'score',
    'submitted',
    'grader_verdict',
    'medal',
    'above_median',
    'valid_submission',
    'source_format',
    'record_hash',
    'extra',
  ],
  write: (record, { hash, sourceFormat }) => ({
    id: record.id,
    task_id: record.task,
    collection_id: orNull(record.collection),
    agent: orNull(record.agent),
    seed: orNull(record.seed),
    grade: orNull(record.grade),
    score: orNull(record.score),
    submitted: orNull(record.submitted),
    grader_verdict: orNull(record.graderVerdict),
    medal: orNull(record.medal),
    above_median: bool(record.aboveMedian),
    valid_submission: bool(record.validSubmission),
    source_format: sourceFormat,
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM rollouts ORDER BY id',
  read: (r) => ({
    ...extraFields(r.extra),
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
  }),
};

type ProgramRow = { _rowid: number; rollout_id: string; path: string; version: number; content_hash: string; body: string; extra: string | null };

/** `contentHash`: the sha256 of the program's text, stored in the text store. */
export const programCodec: RecordCodec<'program', ProgramRow, { contentHash: string }, 'rollout_id' | 'path' | 'version' | 'content_hash' | 'lines' | 'extra'> =
  {
    table: 'program_versions',
    columns: ['rollout_id', 'path', 'version', 'content_hash', 'lines', 'extra'],
    write: (record, { contentHash }) => ({
      rollout_id: record.rollout,
      path: record.path,
      version: record.version,
      content_hash: contentHash,
      lines: countLines(record.content),
      extra: extraOf(record),
    }),
    select: `SELECT p.rowid AS _rowid, p.*, t.body FROM program_versions p JOIN texts t ON t.hash = p.content_hash
      ORDER BY p.rollout_id, p.path, p.version`,
    read: (p, from) => ({
      ...extraFields(p.extra),
      type: 'program',
      rollout: p.rollout_id,
      path: p.path,
      version: p.version,
      content: from.text(p.content_hash, p.body),
    }),
  };

type StepRow = {
  _rowid: number;
  rollout_id: string;
  idx: number;
  parent_idx: number | null;
  command: string;
  stdout_hash: string;
  stderr_hash: string;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  duration_ms: number | null;
  timed_out: number;
  killed: number;
  score: number | null;
  program_path: string | null;
  program_version: number | null;
  extra: string | null;
};
type StepColumn =
  | 'rollout_id'
  | 'idx'
  | 'parent_idx'
  | 'command'
  | 'stdout_hash'
  | 'stderr_hash'
  | 'stdout_bytes'
  | 'stderr_bytes'
  | 'exit_code'
  | 'duration_ms'
  | 'timed_out'
  | 'killed'
  | 'score'
  | 'program_path'
  | 'program_version'
  | 'record_hash'
  | 'extra';

/** `stdoutHash`, `stderrHash`: the sha256s of the outputs, stored in the text store. */
export const stepCodec: RecordCodec<'step', StepRow, { hash: string; stdoutHash: string; stderrHash: string }, StepColumn> = {
  table: 'steps',
  columns: [
    'rollout_id',
    'idx',
    'parent_idx',
    'command',
    'stdout_hash',
    'stderr_hash',
    'stdout_bytes',
    'stderr_bytes',
    'exit_code',
    'duration_ms',
    'timed_out',
    'killed',
    'score',
    'program_path',
    'program_version',
    'record_hash',
    'extra',
  ],
  write: (record, { hash, stdoutHash, stderrHash }) => ({
    rollout_id: record.rollout,
    idx: record.index,
    parent_idx: orNull(record.parent),
    command: record.command,
    stdout_hash: stdoutHash,
    stderr_hash: stderrHash,
    stdout_bytes: Buffer.byteLength(record.stdout),
    stderr_bytes: Buffer.byteLength(record.stderr),
    exit_code: orNull(record.exitCode),
    duration_ms: orNull(record.durationMs),
    timed_out: record.timedOut ? 1 : 0,
    killed: record.killed ? 1 : 0,
    score: orNull(record.score),
    program_path: record.program?.path ?? null,
    program_version: record.program?.version ?? null,
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: `SELECT s.rowid AS _rowid, s.*, o.body AS stdout, e.body AS stderr FROM steps s
      JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash ORDER BY s.rollout_id, s.idx`,
  read: (s, from) => ({
    ...extraFields(s.extra),
    type: 'step',
    rollout: s.rollout_id,
    index: s.idx,
    parent: opt(s.parent_idx),
    command: s.command,
    stdout: from.text(s.stdout_hash, s.stdout),
    stderr: from.text(s.stderr_hash, s.stderr),
    exitCode: opt(s.exit_code),
    durationMs: opt(s.duration_ms),
    timedOut: s.timed_out === 1,
    killed: s.killed === 1,
    score: opt(s.score),
    program: s.program_path === null || s.program_version === null ? undefined : { path: s.program_path, version: s.program_version },
  }),
};

type Failure = RecordOf<'failure'>;
type FailureRow = {
  _rowid: number;
  rollout_id: string;
  step_idx: number | null;
  kind: NonNullable<Failure['kind']>;
  category: string | null;
  cause: string | null;
  message: string | null;
  extra: string | null;
};

/**
 * Written here: a failure of the whole rollout (a step's failure is an annotation of the event
 * derived from the step, see FailureDeriver). Read: derived events are not exported, since
 * import derives them again from the steps; only their human annotations (kind, category,
 * cause) travel. A buggy node or a refused edit is no output's evidence: the harness's verdict
 * travels as a record, its message with it; so does the message of a failure of the whole
 * rollout, which came from a record. A step's derived message is derived again.
 */
export const failureCodec: RecordCodec<
  'failure',
  FailureRow,
  { hash: string },
  'rollout_id' | 'step_idx' | 'kind' | 'category' | 'cause' | 'message' | 'record_hash' | 'extra'
> = {
  table: 'failure_events',
  columns: ['rollout_id', 'step_idx', 'kind', 'category', 'cause', 'message', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    rollout_id: record.rollout,
    step_idx: null,
    kind: record.kind ?? 'wrong_answer',
    category: orNull(record.category),
    cause: orNull(record.cause),
    message: orNull(record.message),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: `SELECT rowid AS _rowid, * FROM failure_events WHERE step_idx IS NULL OR category IS NOT NULL OR cause IS NOT NULL
      OR kind IN ('buggy', 'rejected_edit') ORDER BY rollout_id, step_idx IS NOT NULL, step_idx, id`,
  read: (f) => {
    const verdict = f.kind === 'buggy' || f.kind === 'rejected_edit' || f.step_idx === null;
    return {
      ...extraFields(f.extra),
      type: 'failure',
      rollout: f.rollout_id,
      step: f.step_idx,
      kind: f.kind,
      category: opt(f.category),
      cause: opt(f.cause),
      ...(verdict && f.message !== null ? { message: f.message } : {}),
    };
  },
};

/** Lines of a program's text, as an editor numbers them (a final newline ends the last line). */
function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (i < text.length - 1) n += 1;
  return n;
}
