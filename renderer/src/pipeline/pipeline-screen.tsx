import { Allowed } from '../people/allowed';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { neighbour } from '../commands/neighbour';
import { useCommands } from '../commands/use-commands';
import { LoadingState } from '../components/loading-state';
import { useAppStore } from '../app-state/app-store';
import { followPipelineEvents, usePipelineStore } from './pipeline-store';
import { LedgerTable } from './ledger-table';
import { ModelsStatus } from './models-status';
import { NewRunForm } from './new-run-form';
import { RunTable } from './run-table';

/**
 * Screen 7: whether model features can run, starting a mining or curation run, pipeline runs
 * (mining, curation, judging) with progress, cost, cancel, resume and replay, and the model
 * request ledger. `run` names a run whose details open (a link from a library or a judged rollout).
 */
export function PipelineScreen({ run }: { run: string | null }) {
  const { status, runs, ledger } = usePipelineStore(useShallow((s) => ({ status: s.status, runs: s.runs, ledger: s.ledger })));
  const markReady = useAppStore((s) => s.markReady);

  useEffect(() => followPipelineEvents(), []);
  useEffect(() => {
    void usePipelineStore.getState().load();
  }, []);
  // A link to one run (`#/pipeline?run=ID`) opens its details.
  useEffect(() => {
    if (run !== null) usePipelineStore.getState().showRun(run);
  }, [run]);
  // j and k open the next or previous run's details, as they move through every other list.
  const openNeighbour = (by: number) => {
    if (!runs) return;
    const next = neighbour(
      runs,
      runs.findIndex((r) => r.id === usePipelineStore.getState().expanded),
      by,
    );
    if (next) usePipelineStore.getState().showRun(next.id);
  };
  const hasRuns = () => (runs?.length ?? 0) > 0;
  useCommands([
    { id: 'pipeline.next-run', group: 'Pipeline', title: "Next run's details", keys: ['j'], when: hasRuns, run: () => openNeighbour(1) },
    { id: 'pipeline.previous-run', group: 'Pipeline', title: "Previous run's details", keys: ['k'], when: hasRuns, run: () => openNeighbour(-1) },
  ]);
  const settled = status !== null && runs !== null && ledger !== null;
  useEffect(() => {
    if (settled) markReady();
  }, [settled, markReady]);

  return (
    <div className="screen pipeline-screen" data-testid="pipeline-screen">
      <header className="screen-header">
        <h1>Pipeline</h1>
        <span className="muted">
          Mining, curation and judging runs, and every model request they made. Start mining or curation below; judge a library from a rollout&apos;s rubrics
          panel.
        </span>
      </header>
      <div className="pipeline-body">
        <ModelsStatus status={status} />
        <Allowed op="pipeline.mine">
          <NewRunForm />
        </Allowed>
        <section className="pipeline-runs-panel" aria-labelledby="pipeline-runs-title">
          <header className="section-head">
            <h2 id="pipeline-runs-title">Runs</h2>
            {runs !== null && <span className="muted">{runs.length}</span>}
          </header>
          {runs === null ? (
            <LoadingState label="Loading runs…" />
          ) : runs.length === 0 ? (
            <p className="empty-state" data-testid="pipeline-runs-empty">
              No pipeline runs in this corpus yet.
            </p>
          ) : (
            <RunTable runs={runs} />
          )}
        </section>
        <LedgerTable />
      </div>
    </div>
  );
}
