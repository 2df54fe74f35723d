/** The Compare rollouts screen's URL: `#/compare-rollouts?a=<rollout>&b=<rollout>[&row=N]`. */

/** Two rollouts side by side and the selected aligned row; either rollout may be missing from a hand-typed URL. */
export interface CompareRolloutsRoute {
  name: 'compare-rollouts';
  a: string | null;
  b: string | null;
  row: number | null;
}

export function parseCompareRolloutsRoute(query: URLSearchParams): CompareRolloutsRoute {
  const rowText = query.get('row');
  return {
    name: 'compare-rollouts',
    a: query.get('a') || null,
    b: query.get('b') || null,
    row: rowText !== null && /^\d+$/.test(rowText) ? Number(rowText) : null,
  };
}

export function formatCompareRolloutsRoute(route: CompareRolloutsRoute): string {
  const query = new URLSearchParams();
  if (route.a !== null) query.set('a', route.a);
  if (route.b !== null) query.set('b', route.b);
  if (route.row !== null) query.set('row', String(route.row));
  const text = query.toString();
  return `#/compare-rollouts${text ? `?${text}` : ''}`;
}
