/** Hash routes of the workbench, parsed and formatted without touching the DOM. */
import { formatSides, parseSides, type ProgramSide } from './compare-route';
import { formatCompareRolloutsRoute, parseCompareRolloutsRoute, type CompareRolloutsRoute } from './compare-rollouts-route';
import { formatLabelsRoute, parseLabelsRoute, type LabelsRoute } from './label-route';
import { formatRunsRoute, parseRunsRoute, type RunsRoute } from './runs-route';

/** A screen and its parameters, as carried in the URL's hash. */
export type Route =
  | { name: 'corpus' }
  | { name: 'rollout'; id: string; step: number | null }
  | { name: 'libraries'; id: string | null }
  | { name: 'rubric'; id: string }
  | { name: 'compare'; a: ProgramSide | null; b: ProgramSide | null }
  | CompareRolloutsRoute
  | LabelsRoute
  | RunsRoute
  | { name: 'pipeline'; run: string | null }
  | { name: 'settings' };

/**
 * Parses `#/corpus`, `#/rollouts/<id>?step=N`, `#/libraries[/<id>]`, `#/rubrics/<id>` or
 * `#/compare?a=<rollout>:<path>:<version>&b=...`, `#/compare-rollouts?a=<rollout>&b=<rollout>[&row=N]`, `#/labels[/agreement|/adjudicate]?...` (see label-route.ts),
 * `#/runs[/<experiment>][?attempt=N]` (see runs-route.ts), `#/pipeline[?run=<id>]` or `#/settings`;
 * anything else is the corpus, the home screen.
 */
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
  if (parts[0] === 'libraries' && parts.length <= 2) {
    const id = parts[1] === undefined ? null : decodeId(parts[1]);
    if (parts[1] === undefined || id !== null) return { name: 'libraries', id };
  }
  if (parts[0] === 'rubrics' && parts.length === 2 && parts[1] !== undefined) {
    const id = decodeId(parts[1]);
    if (id !== null) return { name: 'rubric', id };
  }
  if (parts[0] === 'compare' && parts.length === 1) return { name: 'compare', ...parseSides(queryAt === -1 ? '' : raw.slice(queryAt + 1)) };
  if (parts[0] === 'compare-rollouts' && parts.length === 1) return parseCompareRolloutsRoute(query);
  if (parts[0] === 'labels' && parts.length <= 2) {
    const labels = parseLabelsRoute(parts[1] ?? '', query);
    if (labels) return labels;
  }
  if (parts[0] === 'runs') {
    const runs = parseRunsRoute(parts.slice(1), query);
    if (runs) return runs;
  }
  if (parts[0] === 'pipeline' && parts.length === 1) return { name: 'pipeline', run: query.get('run') || null };
  if (parts[0] === 'settings' && parts.length === 1) return { name: 'settings' };
  return { name: 'corpus' };
}

/** A path segment decoded, or null when its percent-escapes are malformed. */
function decodeId(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The hash (with its leading `#`) of a route; `parseHash(formatHash(r))` equals `r`. */
export function formatHash(route: Route): string {
  if (route.name === 'corpus') return '#/corpus';
  if (route.name === 'libraries') return route.id === null ? '#/libraries' : `#/libraries/${encodeURIComponent(route.id)}`;
  if (route.name === 'rubric') return `#/rubrics/${encodeURIComponent(route.id)}`;
  if (route.name === 'compare') return `#/compare${formatSides(route)}`;
  if (route.name === 'compare-rollouts') return formatCompareRolloutsRoute(route);
  if (route.name === 'labels') return formatLabelsRoute(route);
  if (route.name === 'runs') return formatRunsRoute(route);
  if (route.name === 'pipeline') return route.run === null ? '#/pipeline' : `#/pipeline?run=${encodeURIComponent(route.run)}`;
  if (route.name === 'settings') return '#/settings';
  const step = route.step === null ? '' : `?step=${route.step}`;
  return `#/rollouts/${encodeURIComponent(route.id)}${step}`;
}
