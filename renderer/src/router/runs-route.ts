/**
 * The Runs screen's URL: `#/runs`, `#/runs/<experiment>` and `#/runs/<experiment>?attempt=<id>`,
 * so a reload or a shared link (and the Rerun button) opens the same experiment and terminal.
 */

export interface RunsRoute {
  name: 'runs';
  experiment: string | null;
  /** The attempt whose terminal is shown. */
  attempt: number | null;
}

/** The runs route of the path segments after `runs` and the query; null when not one. */
export function parseRunsRoute(rest: string[], query: URLSearchParams): RunsRoute | null {
  if (rest.length > 1) return null;
  let experiment: string | null = null;
  if (rest[0] !== undefined) {
    try {
      experiment = decodeURIComponent(rest[0]);
    } catch {
      return null;
    }
  }
  const attemptText = query.get('attempt');
  const attempt = experiment !== null && attemptText !== null && /^[1-9]\d*$/.test(attemptText) ? Number(attemptText) : null;
  return { name: 'runs', experiment, attempt };
}

export function formatRunsRoute(route: RunsRoute): string {
  if (route.experiment === null) return '#/runs';
  const attempt = route.attempt === null ? '' : `?attempt=${route.attempt}`;
  return `#/runs/${encodeURIComponent(route.experiment)}${attempt}`;
}
