import { Suspense, useEffect } from 'react';
import { onTablesChanged } from './api/table-changes';
import { corpusViewTables, rubricViewTables } from './api/view-tables';
import { CommandLayer } from './commands/command-layer';
import { ErrorBanner } from './components/error-banner';
import { NavBar } from './components/nav-bar';
import { StatusBar } from './components/status-bar';
import { CorpusScreen } from './corpus/corpus-screen';
import { LoadingState } from './components/loading-state';
import {
  CompareRolloutsScreen,
  CompareScreen,
  LabelsScreen,
  LibrariesScreen,
  PipelineScreen,
  RolloutScreen,
  RubricScreen,
  RunsScreen,
  SettingsScreen,
} from './lazy-screens';
import { prefetchComparison } from './compare-rollouts';
import { refreshRubricViews } from './libraries/refresh-rubric-views';
import { useRoute } from './router/router';
import { installAttemptOutputTap } from './runs/attempt-output-tap';
import { useAppStore } from './app-state/app-store';
import { useCorpusStore } from './corpus/corpus-store';
import { useRolloutStore } from './rollout/rollout-store';
import { useSearchStore } from './corpus/search-store';
import { useVerdictStore } from './pipeline/verdict-store';
import { useThemeSetting } from './theme/use-theme-setting';

function refreshCorpusViews(): void {
  if (useCorpusStore.getState().loaded) void useCorpusStore.getState().refresh();
  if (useSearchStore.getState().query.trim() !== '') void useSearchStore.getState().refresh();
  void useRolloutStore.getState().refresh();
}

/** Refetches whatever the corpus, rollout and rubric views show when the backend reports a write to their tables. */
function useRefreshOnDbChange(): void {
  useEffect(() => {
    const offs = [
      onTablesChanged(corpusViewTables, refreshCorpusViews),
      onTablesChanged(rubricViewTables, refreshRubricViews),
      onTablesChanged(['verdicts'], () => useVerdictStore.getState().refresh()),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}

/** The app shell: navigation, the current screen, the error banner and the status bar. */
export function App() {
  const route = useRoute();
  const loadInfo = useAppStore((s) => s.loadInfo);
  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);
  useRefreshOnDbChange();
  useThemeSetting();
  // From the start, so a terminal opened after its run began (Rerun navigates first) still has the first lines.
  useEffect(() => installAttemptOutputTap(), []);
  useEffect(() => prefetchComparison(route), [route]);

  return (
    <div className="app-shell">
      <NavBar route={route} />
      <main className="app-main">
        <ErrorBanner screen={route.name} />
        <Suspense fallback={<LoadingState label="Loading the screen…" />}>
          {route.name === 'rollout' ? (
            <RolloutScreen key={route.id} id={route.id} step={route.step} />
          ) : route.name === 'libraries' ? (
            <LibrariesScreen id={route.id} />
          ) : route.name === 'rubric' ? (
            <RubricScreen key={route.id} id={route.id} />
          ) : route.name === 'compare' ? (
            <CompareScreen a={route.a} b={route.b} />
          ) : route.name === 'compare-rollouts' ? (
            <CompareRolloutsScreen a={route.a} b={route.b} row={route.row} />
          ) : route.name === 'labels' ? (
            <LabelsScreen route={route} />
          ) : route.name === 'runs' ? (
            <RunsScreen experiment={route.experiment} attempt={route.attempt} />
          ) : route.name === 'pipeline' ? (
            <PipelineScreen run={route.run} />
          ) : route.name === 'settings' ? (
            <SettingsScreen />
          ) : (
            <CorpusScreen />
          )}
        </Suspense>
      </main>
      <StatusBar />
      <CommandLayer />
    </div>
  );
}
