import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LoadingState } from '../components/loading-state';
import { useAppStore } from '../stores/app-store';
import { followPipelineEvents, usePipelineStore } from '../stores/pipeline-store';
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
        <NewRunForm />
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
