import type { AgreementReport } from '../../common/domain';
import type { Db } from '../db/open-corpus';
import { cohensKappa, krippendorffAlpha, type ItemLabels } from '../stats/agreement';

interface LabelRow {
  annotator: string;
  target_kind: string;
  target_id: string;
  value: string;
}

/** A label's value as one nominal category: strings as they are, anything else as its JSON. */
function nominal(json: string): string {
  const value: unknown = JSON.parse(json);
  return typeof value === 'string' ? value : json;
}

/**
 * Agreement between annotators under one label schema. Each annotator's latest label on a
 * target counts (a later label supersedes an earlier one; both stay in the corpus). Two
 * annotators get Cohen's kappa with its confusion matrix, more get Krippendorff's alpha.
 */
export function agreement(db: Db, schema: string): AgreementReport {
  const rows = db
    .prepare(`SELECT annotator, target_kind, target_id, value FROM labels l
      WHERE schema_name = ? AND made_at = (SELECT max(made_at) FROM labels x WHERE x.schema_name = l.schema_name
        AND x.annotator = l.annotator AND x.target_kind = l.target_kind AND x.target_id = l.target_id)
      ORDER BY target_kind, target_id, annotator`)
    .all(schema) as LabelRow[];
  const byTarget = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const key = `${row.target_kind}:${row.target_id}`;
    const labels = byTarget.get(key) ?? new Map<string, string>();
    labels.set(row.annotator, nominal(row.value));
    byTarget.set(key, labels);
  }
  const items: ItemLabels[] = [...byTarget.values()];
  const annotators = [...new Set(rows.map((r) => r.annotator))].sort();
  if (annotators.length === 2) {
    const k = cohensKappa(items, annotators[0]!, annotators[1]!);
    return { schema, method: 'kappa', annotators, items: k.items, kappa: k.kappa, observed: k.observed, expected: k.expected, confusion: k.confusion };
  }
  const a = krippendorffAlpha(items);
  return { schema, method: 'alpha', annotators, items: a.items, alpha: a.alpha, observed: 1 - a.observedDisagreement, expected: 1 - a.expectedDisagreement };
}
