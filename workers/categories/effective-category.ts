/**
 * The one definition of a category's bucket in every mix and every retrieval (docs/bundle-v1.md:
 * "a failure with no category counts as uncategorised in every mix"). Every query that groups
 * failure events or rubrics by category goes through these expressions, so the Libraries
 * screen, `rwb mix` and `rwb retrieve` can never disagree about a row's bucket.
 */

/** The bucket of a failure event or rubric that has no category. */
export const uncategorised = 'uncategorised';

/**
 * SQL for a failure event's effective category: the human or record category wins, then the
 * rule-based suggestion, then `uncategorised`. `alias` names the `failure_events` table.
 */
export function failureCategorySql(alias: string): string {
  return `coalesce(${alias}.category, ${alias}.suggested_category, '${uncategorised}')`;
}

/** SQL for a rubric's effective category; `alias` names the `rubrics` table. */
export function rubricCategorySql(alias: string): string {
  return `coalesce(${alias}.category, '${uncategorised}')`;
}

/** Orders category codes by code unit (not locale), so ties and listings never depend on the machine. */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
