/** The Compare address of a program version beside the version before it. */
import type { Route } from '../router/route';

/** Compare v-1 with v of the program at `path` in `rollout`; null for the first version. */
export function previousVersionRoute(rollout: string, path: string, version: number): Route | null {
  return version > 0 ? { name: 'compare', a: { rollout, path, version: version - 1 }, b: { rollout, path, version } } : null;
}
