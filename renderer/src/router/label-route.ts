/**
 * The Labels screens' URL: `#/labels[/agreement|/adjudicate|/audit]?schema=NAME`, `rollout=ID` for
 * the run audit form, and the target set as
 * plain parameters: `library=ID` alone is a library; with `category`, `family` or `q` it is a
 * filter (`filter=1` for a filter over every rubric); `sample=N&seed=S` is a stratified sample.
 */
import type { LabelTargetSet } from '../../../common/labels/labels';

export type LabelsView = 'queue' | 'agreement' | 'adjudicate' | 'audit';

export interface LabelsRoute {
  name: 'labels';
  view: LabelsView;
  schema: string | null;
  targetSet: LabelTargetSet | null;
  /** The rollout the run audit form is for. */
  rollout: string | null;
}

const views: Record<string, LabelsView> = { '': 'queue', agreement: 'agreement', adjudicate: 'adjudicate', audit: 'audit' };

function targetSetOf(query: URLSearchParams): LabelTargetSet | null {
  const library = query.get('library') ?? undefined;
  const sample = query.get('sample');
  if (sample !== null) {
    const perCategory = Number(sample);
    const seed = Number(query.get('seed') ?? '1');
    if (!Number.isInteger(perCategory) || perCategory < 1 || !Number.isInteger(seed) || seed < 0) return null;
    return { kind: 'sample', perCategory, seed, ...(library ? { library } : {}) };
  }
  const category = query.get('category') ?? undefined;
  const family = query.get('family');
  const q = query.get('q') ?? undefined;
  if (category || family || q || query.get('filter') === '1') {
    return {
      kind: 'filter',
      ...(library ? { library } : {}),
      ...(category ? { category } : {}),
      ...(family === 'error' || family === 'performance' ? { family } : {}),
      ...(q ? { query: q } : {}),
    };
  }
  return library ? { kind: 'library', library } : null;
}

/** The labels route of a path after `labels` (`''`, `agreement`, `adjudicate` or `audit`) and its query; null when not one. */
export function parseLabelsRoute(sub: string, query: URLSearchParams): LabelsRoute | null {
  const view = views[sub];
  if (view === undefined) return null;
  return { name: 'labels', view, schema: query.get('schema'), targetSet: targetSetOf(query), rollout: query.get('rollout') };
}

export function formatLabelsRoute(route: LabelsRoute): string {
  const params = new URLSearchParams();
  if (route.schema) params.set('schema', route.schema);
  const set = route.targetSet;
  if (set) {
    if (set.library) params.set('library', set.library);
    if (set.kind === 'sample') {
      params.set('sample', String(set.perCategory));
      params.set('seed', String(set.seed));
    } else if (set.kind === 'filter') {
      if (set.category) params.set('category', set.category);
      if (set.family) params.set('family', set.family);
      if (set.query) params.set('q', set.query);
      if (!set.category && !set.family && !set.query) params.set('filter', '1');
    }
  }
  if (route.rollout) params.set('rollout', route.rollout);
  const query = params.toString();
  return `#/labels${route.view === 'queue' ? '' : `/${route.view}`}${query ? `?${query}` : ''}`;
}
