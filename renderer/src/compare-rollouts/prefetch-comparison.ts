import { prefetchRead } from '../api/shared-read';
import type { Route } from '../router/route';

/**
 * Asks for the alignment of the route's two rollouts as soon as the route is shown, while the
 * screen's code loads: the alignment is the worker's longest part of the first paint.
 */
export function prefetchComparison(route: Route): void {
  if (route.name === 'compare-rollouts' && route.a !== null && route.b !== null) prefetchRead('rollouts.compare', { a: route.a, b: route.b });
}
