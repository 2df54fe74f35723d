import type { RecordOf } from '../../common/corpus/bundle';
import { canonicalJson } from '../util/canonical-json';
import { bool, extraFields, extraOf, fromJson, opt, optBool, orNull, type RecordCodec } from './record-codec';

type Case = RecordOf<'case'>;
type CaseRow = {
  _rowid: number;
  id: string;
  task_id: string;
  program: string;
  command: string;
  timeout_s: number;
  score_rule: string;
  data_dir: string | null;
  extra: string | null;
};

export const caseCodec: RecordCodec<
  'case',
  CaseRow,
  { hash: string },
  'id' | 'task_id' | 'program' | 'command' | 'timeout_s' | 'score_rule' | 'data_dir' | 'record_hash' | 'extra'
> = {
  table: 'cases',
  columns: ['id', 'task_id', 'program', 'command', 'timeout_s', 'score_rule', 'data_dir', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    task_id: record.task,
    program: canonicalJson(record.program),
    command: record.command,
    timeout_s: record.timeoutS,
    score_rule: canonicalJson(record.score),
    data_dir: orNull(record.dataDir),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM cases ORDER BY id',
  read: (c) => ({
    ...extraFields(c.extra),
    type: 'case',
    id: c.id,
    task: c.task_id,
    program: fromJson<Case['program']>(c.program),
    command: c.command,
    timeoutS: c.timeout_s,
    score: fromJson<Case['score']>(c.score_rule),
    dataDir: opt(c.data_dir),
  }),
};

type ExperimentRow = { _rowid: number; id: string; name: string; arms: string; repeats: number; extra: string | null };

export const experimentCodec: RecordCodec<'experiment', ExperimentRow, { hash: string }, 'id' | 'name' | 'arms' | 'repeats' | 'record_hash' | 'extra'> = {
  table: 'experiments',
  columns: ['id', 'name', 'arms', 'repeats', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    name: record.name,
    arms: JSON.stringify(record.arms),
    repeats: record.repeats,
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM experiments ORDER BY id',
  read: (e) => ({ ...extraFields(e.extra), type: 'experiment', id: e.id, name: e.name, arms: fromJson<string[]>(e.arms), repeats: e.repeats }),
};

type Attempt = RecordOf<'attempt'>;
type AttemptRow = {
  _rowid: number;
  experiment_id: string;
  case_id: string;
  arm: string;
  repeat: number;
  status: Attempt['status'];
  exit_code: number | null;
  wall_s: number | null;
  score: number | null;
  valid: number | null;
  host: string | null;
  extra: string | null;
};

export const attemptCodec: RecordCodec<
  'attempt',
  AttemptRow,
  { hash: string },
  'experiment_id' | 'case_id' | 'arm' | 'repeat' | 'status' | 'exit_code' | 'wall_s' | 'score' | 'valid' | 'host' | 'record_hash' | 'extra'
> = {
  table: 'attempts',
  columns: ['experiment_id', 'case_id', 'arm', 'repeat', 'status', 'exit_code', 'wall_s', 'score', 'valid', 'host', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    experiment_id: record.experiment,
    case_id: record.case,
    arm: record.arm,
    repeat: record.repeat,
    status: record.status,
    exit_code: orNull(record.exitCode),
    wall_s: orNull(record.wallS),
    score: orNull(record.score),
    valid: bool(record.valid),
    host: orNull(record.host),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM attempts ORDER BY experiment_id, case_id, arm, repeat',
  read: (a) => ({
    ...extraFields(a.extra),
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
  }),
};
