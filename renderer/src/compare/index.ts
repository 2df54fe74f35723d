/** What the compare domain offers the folders above it; anything else in the folder is its own. */
export { RolloutInput } from './rollout-input';
