/**
 * Cases (docs/domain.md, docs/bundle-v1.md): what can be re-executed. A case made here is the same row an
 * imported `case` record makes (same columns, same record hash), so export and re-import
 * round-trip, and making an identical case twice returns the first one.
 */
import { createHash } from 'node:crypto';
import type { ParsedRequestOf } from '../../common/contract';
import type { CaseProgram, CaseSummary, ScoreRule } from '../../common/runs/run-types';
import { scoreRule as scoreRuleSchema } from '../../common/corpus/bundle';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { canonicalJson, recordHash } from '../util/canonical-json';
import { shQuote } from './runners/shell-quote';

/** The time cap of a case made without one. */
export const defaultTimeoutS = 600;
/** The score rule of a case made without one, when its task suggests none. */
export const defaultScoreRule: ScoreRule = { from: 'json', path: 'score.json', field: 'score' };

/** The command of a case made without one: `python <path>`, as `./<path>` when the path begins with "-" (never an option). */
export function defaultCommand(path: string): string {
  return `python ${shQuote(path.startsWith('-') ? `./${path}` : path)}`;
}

interface CaseDbRow {
  id: string;
  task_id: string;
  program: string;
  command: string;
  timeout_s: number;
  score_rule: string;
  data_dir: string | null;
  record_hash: string;
  attempts: number;
}

const selectCases = `SELECT c.id, c.task_id, c.program, c.command, c.timeout_s, c.score_rule, c.data_dir, c.record_hash,
  (SELECT COUNT(*) FROM attempts a WHERE a.case_id = c.id) AS attempts FROM cases c`;

function toSummary(row: CaseDbRow): CaseSummary {
  return {
    id: row.id,
    task: row.task_id,
    program: JSON.parse(row.program) as CaseProgram,
    command: row.command,
    timeoutS: row.timeout_s,
    score: JSON.parse(row.score_rule) as ScoreRule,
    dataDir: row.data_dir,
    attempts: row.attempts,
  };
}

export function getCase(db: Db, id: string): CaseSummary {
  const row = db.prepare<unknown[], CaseDbRow>(`${selectCases} WHERE c.id = ?`).get(id);
  if (!row) throw new ApiError('not_found', `case "${id}" is not in this corpus`);
  return toSummary(row);
}

export function listCases(db: Db, filter: ParsedRequestOf<'cases.list'>): CaseSummary[] {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.task) {
    where.push('c.task_id = ?');
    params.push(filter.task);
  }
  if (filter.rollout) {
    where.push(`json_extract(c.program, '$.rollout') = ?`);
    params.push(filter.rollout);
  }
  const sql = `${selectCases}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY c.id`;
  return db
    .prepare<unknown[], CaseDbRow>(sql)
    .all(...params)
    .map(toSummary);
}

/** What a task's record may suggest for its cases (bundle fields kept in `extra`). */
function taskHints(db: Db, task: string): { score: ScoreRule | null; dataDir: string | null } {
  const extra = db.prepare<unknown[], string | null>('SELECT extra FROM tasks WHERE id = ?').pluck().get(task);
  if (extra === undefined) throw new ApiError('not_found', `task "${task}" is not in this corpus`);
  if (!extra) return { score: null, dataDir: null };
  const parsed = JSON.parse(extra) as Record<string, unknown>;
  const score = scoreRuleSchema.safeParse(parsed.score);
  const dataDir = typeof parsed.dataDir === 'string' && parsed.dataDir.startsWith('/') ? parsed.dataDir : null;
  return { score: score.success ? (score.data as ScoreRule) : null, dataDir };
}

/** The bundle record a case row stands for; its canonical JSON's sha256 is the row's record hash. */
function caseRecord(c: Omit<CaseSummary, 'attempts'>): Record<string, unknown> {
  return {
    type: 'case',
    id: c.id,
    task: c.task,
    program: c.program,
    command: c.command,
    timeoutS: c.timeoutS,
    score: c.score,
    ...(c.dataDir === null ? {} : { dataDir: c.dataDir }),
  };
}

/**
 * Makes a case from a stored program version (its rollout's task) or an inline program (a
 * task must be named). Defaults: `python <path>`, 600 s, the task's score rule or
 * `score.json`'s `score` field, the task's data folder if its record names one.
 */
export function createCase(db: Db, req: ParsedRequestOf<'cases.create'>): CaseSummary & { created: boolean } {
  const program = req.program as CaseProgram;
  let task = req.task;
  if ('rollout' in program) {
    const row = db
      .prepare<unknown[], { task: string }>(
        'SELECT r.task_id AS task FROM program_versions p JOIN rollouts r ON r.id = p.rollout_id WHERE p.rollout_id = ? AND p.path = ? AND p.version = ?',
      )
      .get(program.rollout, program.path, program.version);
    if (!row) throw new ApiError('not_found', `program ${program.path} version ${program.version} of rollout "${program.rollout}" is not in this corpus`);
    if (task !== undefined && task !== row.task)
      throw new ApiError('invalid_request', `task: rollout "${program.rollout}" is of task "${row.task}", not "${task}"`);
    task = row.task;
  } else if (task === undefined) {
    throw new ApiError('invalid_request', 'task: an inline program needs the task it belongs to');
  }
  const hints = taskHints(db, task);
  const fields = {
    task,
    program,
    command: req.command ?? defaultCommand(program.path),
    timeoutS: req.timeoutS ?? defaultTimeoutS,
    score: (req.score as ScoreRule | undefined) ?? hints.score ?? defaultScoreRule,
    dataDir: req.dataDir ?? hints.dataDir,
  };
  // Run options only when given, so a case made without them keeps the id and hash it always had.
  const runOptions = { ...(req.env?.length ? { env: req.env } : {}), ...(req.gpus ? { gpus: req.gpus } : {}) };
  const id =
    req.id ??
    `case-${createHash('sha256')
      .update(canonicalJson({ ...fields, ...runOptions }))
      .digest('hex')
      .slice(0, 12)}`;
  const record = { ...caseRecord({ id, ...fields }), ...runOptions };
  const hash = recordHash(record);
  const existing = db.prepare<unknown[], string>('SELECT record_hash FROM cases WHERE id = ?').pluck().get(id);
  if (existing !== undefined) {
    if (existing !== hash) throw new ApiError('invalid_request', `id: case "${id}" already exists with a different definition`);
    return { ...getCase(db, id), created: false };
  }
  db.prepare('INSERT INTO cases (id, task_id, program, command, timeout_s, score_rule, data_dir, record_hash, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    id,
    task,
    canonicalJson(program),
    fields.command,
    fields.timeoutS,
    canonicalJson(fields.score),
    fields.dataDir,
    hash,
    Object.keys(runOptions).length ? canonicalJson(runOptions) : null,
  );
  return { ...getCase(db, id), created: true };
}

/** The text of a case's (or an arm variant's) program. */
export function programContent(db: Db, program: CaseProgram): { path: string; content: string } {
  if (!('rollout' in program)) return program;
  const content = db
    .prepare<unknown[], string>(
      'SELECT t.body FROM program_versions p JOIN texts t ON t.hash = p.content_hash WHERE p.rollout_id = ? AND p.path = ? AND p.version = ?',
    )
    .pluck()
    .get(program.rollout, program.path, program.version);
  if (content === undefined)
    throw new ApiError('not_found', `program ${program.path} version ${program.version} of rollout "${program.rollout}" is not in this corpus`);
  return { path: program.path, content };
}

/** What a case asks of a run beyond its record's core fields (kept in `extra`): environment names and GPUs per attempt. */
export function caseRunOptions(db: Db, id: string): { env: string[]; gpus: number | null } {
  const extra = db.prepare<unknown[], string | null>('SELECT extra FROM cases WHERE id = ?').pluck().get(id);
  if (!extra) return { env: [], gpus: null };
  const parsed = JSON.parse(extra) as Record<string, unknown>;
  const env = Array.isArray(parsed.env) ? parsed.env.filter((n): n is string => typeof n === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) : [];
  const gpus = typeof parsed.gpus === 'number' && Number.isInteger(parsed.gpus) && parsed.gpus > 0 ? parsed.gpus : null;
  return { env, gpus };
}
