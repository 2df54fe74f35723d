/**
 * Agreement per category beside the overall figure (docs/definitions.md). A category schema's labels
 * are categories themselves, so each category is scored one-vs-rest on every shared item: does
 * each annotator call it this category or not. Other schemas' items are grouped by their
 * rubric's own category and scored as they are. Same coefficients as overall: Cohen's kappa
 * for two annotators, Krippendorff's alpha (nominal, missing data allowed) for more.
 */
import type { AgreementDetail, CategoryAgreement, StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { agreement, agreementOfItems, nominal } from './agreement-query';
import type { ItemLabels } from './agreement';
import { currentLabels, schemaLabels, targetKey } from './label-rows';
import { getSchema } from '../label-schemas/label-schemas';
import { parseProgramTarget } from './validate-label';

/** Stands for "any other category" in one-vs-rest scoring; no taxonomy code can be it. */
const rest = '\u0000rest';

function itemsOf(labels: readonly StoredLabel[]): Map<string, Map<string, string>> {
  const items = new Map<string, Map<string, string>>();
  for (const label of labels) {
    const key = targetKey(label.target);
    const item = items.get(key) ?? new Map<string, string>();
    item.set(label.annotator, nominal(label.value));
    items.set(key, item);
  }
  return items;
}

function scored(schema: string, category: string, name: string | null, items: ItemLabels[], annotators: string[]): CategoryAgreement {
  const report = agreementOfItems(schema, items, annotators);
  const coefficient = report.method === 'kappa' ? report.kappa : report.alpha;
  return {
    category,
    name,
    items: report.items,
    method: report.method,
    coefficient,
    observed: report.observed,
    expected: report.expected,
    undefinedBecause: report.undefinedBecause,
  };
}

/** A labelled item's rubric: the rubric itself, or the rubric of a rubric-on-program item. */
function rubricOf(label: StoredLabel): string | null {
  if (label.target.kind === 'rubric') return label.target.id;
  if (label.target.kind === 'program') return parseProgramTarget(label.target.id)?.rubric ?? null;
  return null;
}

export function agreementDetail(db: Db, schemaName: string): AgreementDetail {
  const schema = getSchema(db, schemaName);
  const overall = agreement(db, schemaName);
  const labels = currentLabels(schemaLabels(db, schemaName));
  const annotators = overall.annotators;
  const names = new Map(
    db
      .prepare<unknown[], { code: string; name: string }>(
        'SELECT code, name FROM categories WHERE taxonomy_version = (SELECT version FROM taxonomies ORDER BY rowid DESC LIMIT 1)',
      )
      .all()
      .map((c) => [c.code, c.name]),
  );
  const items = [...itemsOf(labels).values()];

  if (schema.definition.value.kind === 'taxonomy') {
    const used = [...new Set(labels.map((l) => nominal(l.value)))].sort();
    const perCategory = used.map((code) => {
      const binary = items.map((item) => new Map([...item].map(([annotator, value]) => [annotator, value === code ? code : rest])));
      return scored(schemaName, code, names.get(code) ?? null, binary, annotators);
    });
    return { overall, basis: 'one_vs_rest', perCategory };
  }

  const rubrics = [...new Set(labels.map(rubricOf).filter((r): r is string => r !== null))];
  const categoryOf = new Map(
    db
      .prepare<unknown[], { id: string; category: string }>(
        `SELECT id, coalesce(category, 'uncategorised') AS category FROM rubrics WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(rubrics))
      .map((r) => [r.id, r.category]),
  );
  const groups = new Map<string, StoredLabel[]>();
  for (const label of labels) {
    const category = categoryOf.get(rubricOf(label) ?? '') ?? 'uncategorised';
    groups.set(category, [...(groups.get(category) ?? []), label]);
  }
  const perCategory = [...groups.keys()]
    .sort()
    .map((category) => scored(schemaName, category, names.get(category) ?? null, [...itemsOf(groups.get(category)!).values()], annotators));
  return { overall, basis: 'rubric_category', perCategory };
}
