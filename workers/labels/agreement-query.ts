import type { AgreementReport } from '../../common/labels/agreement-report';
import type { StoredLabel } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { currentLabels, schemaLabels } from './label-rows';
import { cohensKappa, krippendorffAlpha, undefinedBecause, type ItemLabels } from './agreement';

/** A label's value as one nominal category: strings as they are, anything else as its JSON. */
export function nominal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Two annotators get Cohen's kappa with its confusion matrix, more get Krippendorff's alpha. */
export function agreementOfItems(schema: string, items: readonly ItemLabels[], annotators: string[]): AgreementReport {
  if (annotators.length === 2) {
    const k = cohensKappa(items, annotators[0]!, annotators[1]!);
    return {
      schema,
      method: 'kappa',
      annotators,
      items: k.items,
      kappa: k.kappa,
      observed: k.observed,
      expected: k.expected,
      undefinedBecause: undefinedBecause('kappa', k.items, k.kappa),
      confusion: k.confusion,
    };
  }
  const a = krippendorffAlpha(items);
  return {
    schema,
    method: 'alpha',
    annotators,
    items: a.items,
    alpha: a.alpha,
    observed: 1 - a.observedDisagreement,
    expected: 1 - a.expectedDisagreement,
    undefinedBecause: undefinedBecause('alpha', a.items, a.alpha),
  };
}

/**
 * Agreement between annotators under one label schema. Each annotator's current label on a
 * target counts: a later label supersedes an earlier one, a retracted label does not count,
 * and adjudications are not annotations (every record stays in the corpus).
 */
export function agreement(db: Db, schema: string): AgreementReport {
  const labels = currentLabels(schemaLabels(db, schema));
  const annotators = [...new Set(labels.map((l) => l.annotator))].sort();
  return agreementOfItems(schema, labelledItems(labels), annotators);
}

/** Current labels grouped by target: each item's annotators and their nominal values. */
export function labelledItems(labels: readonly StoredLabel[]): ItemLabels[] {
  const byTarget = new Map<string, Map<string, string>>();
  for (const label of labels) {
    const key = `${label.target.kind}:${label.target.id}`;
    const item = byTarget.get(key) ?? new Map<string, string>();
    item.set(label.annotator, nominal(label.value));
    byTarget.set(key, item);
  }
  return [...byTarget.values()];
}
