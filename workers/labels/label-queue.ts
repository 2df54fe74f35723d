/**
 * The Label queue (the Labels screen, README.md "Screens"): the items of a target set under one schema, each
 * with the annotator's own label, flag and skip, how many annotators it has, and the others'
 * labels unless blind mode hides them; where the annotator left off; progress per annotator.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { LabelQueue, QueueItem, StoredLabel } from '../../common/labels/labels';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { currentLabels, schemaLabels, targetKey } from './label-rows';
import { getSchema } from '../label-schemas/label-schemas';
import { readCursor, readMarks } from './queue-marks';
import { targetSetKey, targetSetRubrics } from './target-set';
import { programTargetId } from './validate-label';

type RubricInfo = NonNullable<QueueItem['rubric']>;
type BareItem = Pick<QueueItem, 'target' | 'program' | 'rubric'>;

function rubricInfo(db: Db, ids: string[]): Map<string, RubricInfo> {
  const rows = db
    .prepare<unknown[], RubricInfo>(
      `SELECT id, title, category, family, applies_when AS appliesWhen, pattern, fix FROM rubrics WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The program a rubric is judged on in one of its source rollouts: the version the rollout's
 * last program-running step ran, else the last version the rollout wrote.
 */
function supportPrograms(db: Db, rubric: string): { rollout: string; path: string; version: number }[] {
  const rows = db
    .prepare<unknown[], { rollout: string; program: string | null }>(
      `SELECT s.rollout_id AS rollout, coalesce(
        (SELECT json_array(st.program_path, st.program_version) FROM steps st
          WHERE st.rollout_id = s.rollout_id AND st.program_path IS NOT NULL ORDER BY st.idx DESC LIMIT 1),
        (SELECT json_array(p.path, p.version) FROM program_versions p WHERE p.rollout_id = s.rollout_id ORDER BY p.id DESC LIMIT 1)) AS program
      FROM rubric_support s JOIN rollouts r ON r.id = s.rollout_id WHERE s.rubric_id = ? ORDER BY s.rollout_id`,
    )
    .all(rubric);
  return rows.flatMap((row) => {
    if (row.program === null) return [];
    const [path, version] = JSON.parse(row.program) as [string, number];
    return [{ rollout: row.rollout, path, version }];
  });
}

function bareItems(db: Db, target: 'rubric' | 'rubric_program', rubricIds: string[]): BareItem[] {
  const info = rubricInfo(db, rubricIds);
  return rubricIds.flatMap((id): BareItem[] => {
    const rubric = info.get(id) ?? null;
    if (target === 'rubric') return [{ target: { kind: 'rubric', id }, program: null, rubric }];
    return supportPrograms(db, id).map((program) => ({
      target: { kind: 'program', id: programTargetId(id, program.rollout, program.path, program.version) },
      program,
      rubric,
    }));
  });
}

export function buildQueue(db: Db, req: ParsedRequestOf<'labels.queue'>): LabelQueue {
  const schema = getSchema(db, req.schema);
  const target = schema.definition.target;
  if (target === 'rollout') {
    throw new ApiError('invalid_request', `labels.queue: schema "${schema.name}" is filled in per rollout with its form, not worked through as a queue`);
  }
  const items = bareItems(db, target, targetSetRubrics(db, req.targetSet));

  const byTarget = new Map<string, StoredLabel[]>();
  for (const label of currentLabels(schemaLabels(db, schema.name))) {
    const key = targetKey(label.target);
    byTarget.set(key, [...(byTarget.get(key) ?? []), label]);
  }
  const marks = readMarks(db, req.annotator, schema.name);
  const hidesCategory = schema.definition.value.kind === 'taxonomy';
  const done = new Map<string, number>();
  let atOverlapTarget = 0;
  const queued = items.map((item): QueueItem => {
    const key = targetKey(item.target);
    const labels = byTarget.get(key) ?? [];
    const mine = labels.find((l) => l.annotator === req.annotator) ?? null;
    for (const l of labels) done.set(l.annotator, (done.get(l.annotator) ?? 0) + 1);
    if (labels.length >= schema.definition.overlapTarget) atOverlapTarget += 1;
    const mark = marks.get(key);
    const hidden = req.blind && mine === null;
    return {
      ...item,
      // The miner's category would anchor a category label as much as another auditor's would.
      rubric: hidden && hidesCategory && item.rubric ? { ...item.rubric, category: null } : item.rubric,
      mine,
      flagged: mark?.flagged ?? false,
      skipped: mark?.skipped ?? false,
      annotators: labels.length,
      // Blind mode: another auditor's label could anchor this one, so it shows only after.
      others: hidden ? null : labels.filter((l) => l.annotator !== req.annotator),
    };
  });

  const cursor = readCursor(db, req.annotator, schema.name, targetSetKey(req.targetSet));
  const saved = cursor === null ? -1 : queued.findIndex((i) => i.target.kind === cursor.kind && i.target.id === cursor.id);
  const firstOpen = queued.findIndex((i) => i.mine === null && !i.skipped);
  return {
    schema,
    targetSet: req.targetSet,
    annotator: req.annotator,
    blind: req.blind,
    items: queued,
    resume: saved !== -1 ? saved : Math.max(0, firstOpen),
    progress: [...done.entries()].map(([annotator, n]) => ({ annotator, done: n })).sort((a, b) => b.done - a.done || (a.annotator < b.annotator ? -1 : 1)),
    atOverlapTarget,
  };
}
