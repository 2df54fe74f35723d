import type { RecordOf } from '../../common/corpus/bundle';
import { canonicalJson } from '../util/canonical-json';
import { extraFields, extraOf, fromJson, opt, orNull, type PartCodec, type RecordCodec } from './record-codec';

type Rubric = RecordOf<'rubric'>;
export type RubricRow = {
  id: string;
  title: string;
  applies_when: string;
  pattern: string;
  fix: string | null;
  family: Rubric['family'];
  category: string | null;
  miner: string | null;
  extra: string | null;
};
type SupportRow = { _rowid: number; rollout_id: string; task_id: string | null };

/** The rollouts a rubric was mined from, in the order they came. */
export const supportCodec: PartCodec<'rubric', 'rubric_id' | 'rollout_id' | 'task_id'> = {
  table: 'rubric_support',
  columns: ['rubric_id', 'rollout_id', 'task_id'],
  write: (record) => record.support.map((s) => ({ rubric_id: record.id, rollout_id: s.rollout, task_id: orNull(s.task) })),
};

export const rubricCodec: RecordCodec<
  'rubric',
  RubricRow,
  { hash: string },
  'id' | 'title' | 'applies_when' | 'pattern' | 'fix' | 'family' | 'category' | 'miner' | 'record_hash' | 'extra'
> = {
  table: 'rubrics',
  columns: ['id', 'title', 'applies_when', 'pattern', 'fix', 'family', 'category', 'miner', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    title: record.title,
    applies_when: record.appliesWhen,
    pattern: record.pattern,
    fix: orNull(record.fix),
    family: record.family,
    category: orNull(record.category),
    miner: orNull(record.miner),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM rubrics ORDER BY id',
  read(r, from): Rubric {
    // Support keeps the order it was imported in (rowid), so an export re-imports as the same record.
    const support = from
      .rows<SupportRow>('rubric_support', 'SELECT rowid AS _rowid, rollout_id, task_id FROM rubric_support WHERE rubric_id = ? ORDER BY rowid', r.id)
      .map((s) => ({ rollout: s.rollout_id, task: opt(s.task_id) }));
    return {
      ...extraFields(r.extra),
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
    };
  },
};

type Library = RecordOf<'library'>;
export type LibraryRow = { id: string; name: string; method: Library['method']; built_at: string; params: string; extra: string | null };
type LibraryRubricRow = { _rowid: number; rubric_id: string };

/** A library's rubrics, in library order. */
export const libraryRubricCodec: PartCodec<'library', 'library_id' | 'rubric_id' | 'position'> = {
  table: 'library_rubrics',
  columns: ['library_id', 'rubric_id', 'position'],
  write: (record) => record.rubrics.map((rubric, position) => ({ library_id: record.id, rubric_id: rubric, position })),
};

export const libraryCodec: RecordCodec<'library', LibraryRow, { hash: string }, 'id' | 'name' | 'method' | 'built_at' | 'params' | 'record_hash' | 'extra'> = {
  table: 'libraries',
  columns: ['id', 'name', 'method', 'built_at', 'params', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    id: record.id,
    name: record.name,
    method: record.method,
    built_at: record.builtAt,
    params: canonicalJson(record.params ?? {}),
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM libraries ORDER BY id',
  read(l, from): Library {
    const rubrics = from
      .rows<LibraryRubricRow>('library_rubrics', 'SELECT rowid AS _rowid, rubric_id FROM library_rubrics WHERE library_id = ? ORDER BY position', l.id)
      .map((row) => row.rubric_id);
    return {
      ...extraFields(l.extra),
      type: 'library',
      id: l.id,
      name: l.name,
      method: l.method,
      builtAt: l.built_at,
      params: fromJson<Library['params']>(l.params),
      rubrics,
    };
  },
};

type Label = RecordOf<'label'>;
type LabelRow = {
  _rowid: number;
  annotator: string;
  schema_name: string;
  target_kind: Label['target']['kind'];
  target_id: string;
  value: string;
  reasons: string;
  note: string;
  made_at: string;
  extra: string | null;
};

export const labelCodec: RecordCodec<
  'label',
  LabelRow,
  { hash: string },
  'annotator' | 'schema_name' | 'target_kind' | 'target_id' | 'value' | 'reasons' | 'note' | 'made_at' | 'record_hash' | 'extra'
> = {
  table: 'labels',
  columns: ['annotator', 'schema_name', 'target_kind', 'target_id', 'value', 'reasons', 'note', 'made_at', 'record_hash', 'extra'],
  write: (record, { hash }) => ({
    annotator: record.annotator,
    schema_name: record.schema,
    target_kind: record.target.kind,
    target_id: record.target.id,
    value: canonicalJson(record.value ?? null),
    reasons: JSON.stringify(record.reasons),
    note: record.note,
    made_at: record.at,
    record_hash: hash,
    extra: extraOf(record),
  }),
  select: 'SELECT rowid AS _rowid, * FROM labels ORDER BY made_at, annotator, schema_name, target_kind, target_id',
  read: (l) => ({
    ...extraFields(l.extra),
    type: 'label',
    annotator: l.annotator,
    schema: l.schema_name,
    target: { kind: l.target_kind, id: l.target_id },
    value: fromJson<unknown>(l.value),
    reasons: fromJson<string[]>(l.reasons),
    note: l.note,
    at: l.made_at,
  }),
};
