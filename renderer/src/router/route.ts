/** Hash routes of the workbench, parsed and formatted without touching the DOM. */

/** A screen and its parameters, as carried in the URL's hash. */
export type Route = { name: 'corpus' } | { name: 'rollout'; id: string; step: number | null };

/** Parses `#/corpus` or `#/rollouts/<id>?step=N`; anything else is the corpus, the home screen. */
export function parseHash(hash: string): Route {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt + 1));
  const parts = path.split('/').filter((p) => p !== '');
  if (parts[0] === 'rollouts' && parts.length === 2 && parts[1] !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(parts[1]);
    } catch {
      return { name: 'corpus' };
    }
    const stepText = query.get('step');
    const step = stepText !== null && /^\d+$/.test(stepText) ? Number(stepText) : null;
    return { name: 'rollout', id, step };
  }
  return { name: 'corpus' };
}

/** The hash (with its leading `#`) of a route; `parseHash(formatHash(r))` equals `r`. */
export function formatHash(route: Route): string {
  if (route.name === 'corpus') return '#/corpus';
  const step = route.step === null ? '' : `?step=${route.step}`;
  return `#/rollouts/${encodeURIComponent(route.id)}${step}`;
}
