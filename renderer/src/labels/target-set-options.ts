/** The target sets the Labels toolbar offers: each library, every rubric, and stratified samples. */
import type { LibrarySummary } from '../../../common/rubrics/rubric-types';
import type { LabelTargetSet } from '../../../common/labels/labels';

export interface TargetSetOption {
  value: string;
  text: string;
  set: LabelTargetSet;
}

const samples = [1, 2, 5];

export function targetSetOptions(libraries: readonly LibrarySummary[]): TargetSetOption[] {
  return [
    ...libraries.map((l) => ({ value: `library:${l.id}`, text: `${l.name} (${l.size})`, set: { kind: 'library', library: l.id } as const })),
    { value: 'all', text: 'Every rubric', set: { kind: 'filter' } as const },
    ...samples.map((n) => ({ value: `sample:${n}`, text: `Sample: ${n} per category`, set: { kind: 'sample', perCategory: n, seed: 1 } as const })),
  ];
}

/** The option a set is (its category filter aside), or null for a set the toolbar does not list. */
export function optionValueOf(set: LabelTargetSet): string | null {
  if (set.kind === 'library') return `library:${set.library}`;
  if (set.kind === 'sample') return set.seed === 1 && !set.library && samples.includes(set.perCategory) ? `sample:${set.perCategory}` : null;
  if (set.family || set.query) return null;
  return set.library ? `library:${set.library}` : 'all';
}

/** The set an option names, narrowed to one rubric category when `category` is given. */
export function withCategory(set: LabelTargetSet, category: string | null): LabelTargetSet {
  if (set.kind === 'sample') return set;
  const library = set.library;
  if (category === null) return library ? { kind: 'library', library } : { kind: 'filter' };
  return { kind: 'filter', ...(library ? { library } : {}), category };
}
