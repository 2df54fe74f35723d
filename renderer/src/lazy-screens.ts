/**
 * Every screen but the Corpus, each loaded when first shown: the Corpus, the first screen, then
 * parses only its own code before painting its rows (the charts, the editors and the forms of
 * the other screens were two thirds of the app's script).
 */
import { lazy, type ComponentType } from 'react';

/** A screen module's named export as a lazily loaded component. */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

export const RolloutScreen = lazyScreen(async () => (await import('./rollout/rollout-screen')).RolloutScreen);
export const LibrariesScreen = lazyScreen(async () => (await import('./libraries/libraries-screen')).LibrariesScreen);
export const RubricScreen = lazyScreen(async () => (await import('./rubrics/rubric-screen')).RubricScreen);
export const CompareScreen = lazyScreen(async () => (await import('./compare/compare-screen')).CompareScreen);
export const CompareRolloutsScreen = lazyScreen(async () => (await import('./compare-rollouts/compare-rollouts-screen')).CompareRolloutsScreen);
export const LabelsScreen = lazyScreen(async () => (await import('./labels/labels-screen')).LabelsScreen);
export const RunsScreen = lazyScreen(async () => (await import('./runs/runs-screen')).RunsScreen);
export const PipelineScreen = lazyScreen(async () => (await import('./pipeline/pipeline-screen')).PipelineScreen);
export const SettingsScreen = lazyScreen(async () => (await import('./settings/settings-screen')).SettingsScreen);
