/**
 * An edited taxonomy before it is saved: its categories, and the splits and merges of the
 * saved version's categories, which the backend uses to flag the labels that name them.
 */
import type { RequestOf } from '../../../common/contract';
import type { Taxonomy } from '../../../common/rubrics/rubric-types';

export type DraftCategory = RequestOf<'taxonomy.save'>['categories'][number];

export interface TaxonomyDraft {
  categories: DraftCategory[];
  splits: { from: string; into: string[] }[];
  merges: { from: string[]; into: string }[];
}

export function draftOf(taxonomy: Taxonomy): TaxonomyDraft {
  return {
    categories: taxonomy.categories.map(({ code, name, family, guideline }) => ({ code, name, family, guideline: guideline ?? '' })),
    splits: [],
    merges: [],
  };
}

/** `v1` → `v2`, `2026-10` → `2026-11`; a version without a trailing number gets `-2`. */
export function nextVersion(version: string | null): string {
  if (version === null) return 'v1';
  const match = /^(.*?)(\d+)$/.exec(version);
  return match ? `${match[1]}${Number(match[2]) + 1}` : `${version}-2`;
}

export function editCategory(draft: TaxonomyDraft, code: string, change: Partial<DraftCategory>): TaxonomyDraft {
  return { ...draft, categories: draft.categories.map((c) => (c.code === code ? { ...c, ...change } : c)) };
}

/** Replaces `code` by new categories in its place, each starting with its name and guideline. */
export function splitCategory(draft: TaxonomyDraft, code: string, into: string[]): TaxonomyDraft {
  const at = draft.categories.findIndex((c) => c.code === code);
  const old = draft.categories[at];
  if (!old) return draft;
  const parts = into.map((part, i) => ({ ...old, code: part, name: `${old.name} (${i + 1})` }));
  return {
    ...draft,
    categories: [...draft.categories.slice(0, at), ...parts, ...draft.categories.slice(at + 1)],
    splits: [...draft.splits, { from: code, into }],
  };
}

/** Removes `code`; its labels are to be read as `into`'s. Merging into a merge target extends that merge. */
export function mergeCategory(draft: TaxonomyDraft, code: string, into: string): TaxonomyDraft {
  const existing = draft.merges.find((m) => m.into === into);
  const merges = existing ? draft.merges.map((m) => (m === existing ? { ...m, from: [...m.from, code] } : m)) : [...draft.merges, { from: [code, into], into }];
  return { ...draft, categories: draft.categories.filter((c) => c.code !== code), merges };
}
