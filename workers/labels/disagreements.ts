/**
 * The adjudication queue: items whose annotators' current labels differ, each with those
 * labels and its current adjudication. Adjudicating adds a record (`adjudication: true`);
 * the annotators' labels stay as they were, so agreement is still computed on them.
 */
import type { Disagreement, StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { nominal } from './agreement-query';
import { byTime, currentLabels, schemaLabels, targetKey } from './label-rows';
import { getSchema } from '../label-schemas/label-schemas';
import { parseProgramTarget } from './validate-label';

export function listDisagreements(db: Db, schema: string): Disagreement[] {
  getSchema(db, schema);
  const all = schemaLabels(db, schema);
  const byTarget = new Map<string, StoredLabel[]>();
  for (const label of currentLabels(all)) {
    const key = targetKey(label.target);
    byTarget.set(key, [...(byTarget.get(key) ?? []), label]);
  }
  const adjudicated = new Map<string, StoredLabel>();
  // Oldest first, so the latest adjudication of a target (by any adjudicator) is the one kept.
  for (const label of currentLabels(all, true).sort(byTime)) adjudicated.set(targetKey(label.target), label);

  const disputed = [...byTarget.entries()].filter(([, labels]) => labels.length >= 2 && new Set(labels.map((l) => nominal(l.value))).size > 1);
  const rubricIds = disputed.map(([, labels]) => {
    const target = labels[0]!.target;
    return target.kind === 'rubric' ? target.id : target.kind === 'program' ? (parseProgramTarget(target.id)?.rubric ?? '') : '';
  });
  const rubrics = new Map(
    db
      .prepare<unknown[], { id: string; title: string; category: string | null }>(
        'SELECT id, title, category FROM rubrics WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify(rubricIds))
      .map((r) => [r.id, r]),
  );
  return disputed
    .map(([key, labels], i) => ({
      target: labels[0]!.target,
      title: rubrics.get(rubricIds[i]!)?.title ?? null,
      category: rubrics.get(rubricIds[i]!)?.category ?? null,
      labels: [...labels].sort((a, b) => (a.annotator < b.annotator ? -1 : 1)),
      adjudicated: adjudicated.get(key) ?? null,
    }))
    .sort((a, b) => (a.target.id < b.target.id ? -1 : a.target.id > b.target.id ? 1 : 0));
}
