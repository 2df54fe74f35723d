/** The taxonomy operations of the contract: the newest version, and a new one saved from Settings. */
import { noParams, read, write } from '../operation';
import type { Taxonomy } from '../rubrics/rubric-types';
import { taxonomySaveRequest } from './taxonomy-requests';
import type { TaxonomySaved } from './taxonomy-types';

export const taxonomyOperations = {
  'taxonomy.get': read<Taxonomy>()(noParams),
  /** A new taxonomy version (Settings); labels naming a split or merged category are flagged for review, never rewritten. */
  'taxonomy.save': write<TaxonomySaved>(['taxonomies', 'categories', 'labels', 'failure_events'])(taxonomySaveRequest),
} as const;
