/** What the compare-rollouts domain offers the folders above it; anything else in the folder is its own. */
export { CompareMark } from './compare-mark';
export { prefetchComparison } from './prefetch-comparison';
