/** What the rubrics domain offers the folders above it; anything else in the folder is its own. */
export { CategoryBadge } from './category-badge';
export { taxonomyOrder, uncategorised } from './category-order';
export { LabelValue } from './label-value';
export { RubricLesson } from './rubric-lesson';
export { RubricText } from './rubric-text';
export { formatExact, formatShare } from './share-format';
export { useTaxonomyStore } from './taxonomy-store';
export { useInView } from './use-in-view';
