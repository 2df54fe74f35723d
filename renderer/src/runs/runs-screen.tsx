import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { useAppStore } from '../app-state/app-store';
import { followRunEvents, useRunsStore } from './runs-store';
import { ExperimentList } from './experiment-list';
import { ExperimentPanel } from './experiment-panel';
import { HostsPanel } from './hosts-panel';
import type { RunsRoute } from '../router/runs-route';

/**
 * Screen 6: experiments and their attempt grids (case × arm × repeat), the live terminal of
 * the selected attempt, paired statistics of two arms, and the SSH hosts runs can use.
 */
export function RunsScreen({ experiment, attempt }: Omit<RunsRoute, 'name'>) {
  const { experiments, detail, missing } = useRunsStore(useShallow((s) => ({ experiments: s.experiments, detail: s.detail, missing: s.missing })));
  const markReady = useAppStore((s) => s.markReady);

  useEffect(() => followRunEvents(), []);
  useEffect(() => {
    void useRunsStore.getState().loadExperiments();
  }, []);
  useEffect(() => {
    void useRunsStore.getState().open(experiment);
  }, [experiment]);

  // Without an experiment in the URL the first one opens, so the screen is never blank.
  const first = experiments?.[0]?.id;
  useEffect(() => {
    if (experiment === null && first !== undefined) navigate({ name: 'runs', experiment: first, attempt: null }, { replace: true });
  }, [experiment, first]);

  const shown = detail !== null && detail.id === experiment ? detail : null;
  const settled = experiments !== null && (experiments.length === 0 || shown !== null || missing);
  useEffect(() => {
    if (settled) markReady();
  }, [settled, markReady]);

  return (
    <div className="screen runs-screen" data-testid="runs-screen">
      <header className="screen-header">
        <h1>Runs</h1>
        <span className="muted">
          Re-execute cases on this machine, a GPU box over SSH or a Slurm cluster. Every attempt is kept; nothing is retried or overwritten.
        </span>
      </header>
      <div className="runs-body">
        <aside className="runs-side">
          <section className="experiments-panel" aria-label="Experiments">
            <header className="pane-header">
              <span className="pane-label">Experiments</span>
              <span className="pane-meta">{experiments?.length ?? ''}</span>
            </header>
            {experiments === null ? (
              <LoadingState label="Loading experiments…" />
            ) : experiments.length === 0 ? (
              <p className="side-note">No experiments yet. A Rerun button on a rollout step or on the Compare screen makes one.</p>
            ) : (
              <ExperimentList experiments={experiments} selected={experiment} />
            )}
          </section>
          <HostsPanel />
        </aside>
        {shown ? (
          <ExperimentPanel key={shown.id} detail={shown} attemptId={attempt} />
        ) : missing ? (
          <div className="empty-state">
            Experiment <span className="mono">{experiment}</span> is not in this corpus.
          </div>
        ) : experiment !== null ? (
          <LoadingState label={`Loading ${experiment}…`} />
        ) : (
          experiments?.length === 0 && <div className="empty-state">Nothing has been run in this corpus yet.</div>
        )}
      </div>
    </div>
  );
}
