import type { Taxonomy } from '../rubrics/rubric-types';

/** A taxonomy version saved from Settings. */
export interface TaxonomySaved {
  taxonomy: Taxonomy;
  /** Label records flagged for review because a category they name was split or merged. */
  flagged: number;
}
