import { useCan } from '../people/use-can';
import { useCallback, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AttemptRow, ExperimentDetail } from '../../../common/runs/run-types';
import { useCommands } from '../commands/use-commands';
import { navigate } from '../router/router';
import { useRunsStore } from './runs-store';
import { AttemptRolloutLine } from './attempt-rollout-line';
import { AttemptGrid } from './attempt-grid';
import { isFinished, isLive, neverStarted } from './attempt-status';
import { ComparisonPanel } from './comparison-panel';
import { ResearchComparisonDialog } from './research-comparison';
import { ConfirmDialog } from './confirm-dialog';
import { gridRows } from './grid-model';
import { usePoolChoice } from './pool-fields';
import { RunControls } from './run-controls';
import { TerminalPanes } from './terminal-panes';
import { StatusLegend } from './status-legend';
import { ArmDiffDialog } from './arm-diff-dialog';

/** The attempt shown when the URL names none: one a run is working on, else the first slot. */
function defaultAttempt(attempts: AttemptRow[]): AttemptRow | null {
  return attempts.find((a) => a.status === 'running') ?? attempts.find(isLive) ?? attempts[0] ?? null;
}

/** A cap as typed, in seconds; null when empty; NaN when it is not a positive number. */
function parseCap(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : NaN;
}

/**
 * One experiment: run controls (backend, slots per host, a pool of hosts), the attempt grid
 * with its legend, the terminals of the selected and kept attempts, and the paired
 * statistics. Keys: arrows and Enter in the grid, `s` starts or continues, `x` stops
 * dispatching, `c` cancels the running run after asking.
 */
export function ExperimentPanel({ detail, attemptId }: { detail: ExperimentDetail; attemptId: number | null }) {
  const { backend, setBackend, start, cancel, stop } = useRunsStore(
    useShallow((s) => ({ backend: s.backend, setBackend: s.setBackend, start: s.start, cancel: s.cancel, stop: s.stop })),
  );
  const [cap, setCap] = useState('');
  const [kept, setKept] = useState<number[]>([]);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [diffingArms, setDiffingArms] = useState(false);
  const [researching, setResearching] = useState(false);

  const rows = useMemo(() => gridRows(detail), [detail]);
  const selected = detail.attempts.find((a) => a.id === attemptId) ?? defaultAttempt(detail.attempts);
  const pending = detail.attempts.filter(neverStarted).length;
  const started = pending < detail.attempts.length;
  const finished = detail.attempts.filter((a) => isFinished(a.status)).length;
  const liveJobs = [...new Set(detail.attempts.filter(isLive).map((a) => a.runJobId!))];
  const capValue = parseCap(cap);
  const pool = usePoolChoice(backend);

  const select = useCallback((attempt: AttemptRow) => navigate({ name: 'runs', experiment: detail.id, attempt: attempt.id }, { replace: true }), [detail.id]);

  const onStart = async () => {
    if (pending === 0 || starting || Number.isNaN(capValue) || pool.invalid) return;
    setStarting(true);
    const run = await start(capValue, pool.request());
    setStarting(false);
    // The terminal follows the run's first attempt, which starts streaming at once.
    if (run?.attempts[0] !== undefined) navigate({ name: 'runs', experiment: detail.id, attempt: run.attempts[0] }, { replace: true });
  };

  const canRun = useCan('runs.start');
  const live = () => canRun && liveJobs.length > 0;
  useCommands([
    {
      id: 'runs.start',
      group: 'Experiment',
      title: started ? 'Continue the run' : 'Start the run',
      keys: ['s'],
      when: () => canRun && pending > 0,
      run: () => void onStart(),
    },
    { id: 'runs.stop', group: 'Experiment', title: 'Stop dispatching new attempts', keys: ['x'], when: live, run: () => void stop(liveJobs) },
    { id: 'runs.cancel', group: 'Experiment', title: 'Cancel the running run (asks first)', keys: ['c'], when: live, run: () => setConfirming(true) },
    {
      id: 'runs.diff-arms',
      group: 'Experiment',
      title: 'Diff the arms’ programs',
      when: () => detail.arms.length > 1 && detail.cases.length > 0,
      run: () => setDiffingArms(true),
    },
  ]);

  const running = detail.attempts.filter(isLive).length;
  return (
    <section className="experiment-panel" aria-label={`Experiment ${detail.name}`} data-testid="experiment-panel" data-experiment-id={detail.id}>
      <header className="experiment-head">
        <div className="experiment-title">
          <h2>{detail.name}</h2>
          <span className="mono muted">{detail.id}</span>
          <span className="muted">
            {detail.cases.length} case{detail.cases.length === 1 ? '' : 's'} × {detail.arms.length} arm{detail.arms.length === 1 ? '' : 's'} × {detail.repeats}{' '}
            repeat
            {detail.repeats === 1 ? '' : 's'}
          </span>
        </div>
        {detail.arms.length > 1 && detail.cases.length > 0 && (
          <button type="button" className="button" onClick={() => setDiffingArms(true)} data-testid="arm-diff-button">
            Diff arms
          </button>
        )}
        {detail.arms.length > 1 && (
          <button type="button" className="button" onClick={() => setResearching(true)} data-testid="research-button">
            Research report
          </button>
        )}
        {canRun && (
          <RunControls
            onBackend={setBackend}
            cap={cap}
            capInvalid={Number.isNaN(capValue)}
            onCap={setCap}
            pending={pending}
            started={started}
            starting={starting}
            liveRuns={liveJobs.length}
            onStart={() => void onStart()}
            onCancel={() => setConfirming(true)}
            onStop={() => void stop(liveJobs)}
            {...pool.fields}
          />
        )}
      </header>
      <StatusLegend counts={detail.counts} neverStarted={detail.neverStarted} />
      <p className="muted plan-coverage" data-testid="plan-coverage">
        {detail.planned} slot{detail.planned === 1 ? '' : 's'} planned, {detail.neverStarted} never started: every count and comparison keeps all{' '}
        {detail.planned} in its denominator.
      </p>
      <div className="experiment-work">
        <div className="experiment-main">
          <AttemptGrid rows={rows} repeats={detail.repeats} selectedId={selected?.id ?? null} onSelect={select} />
          {selected && <AttemptRolloutLine detail={detail} attempt={selected} />}
          {selected ? (
            <TerminalPanes
              attempts={[
                selected,
                ...kept.map((id) => detail.attempts.find((a) => a.id === id)).filter((a): a is AttemptRow => a !== undefined && a.id !== selected.id),
              ]}
              kept={kept}
              onKeep={(id) => setKept((k) => (k.includes(id) ? k : [...k, id]))}
              onClose={(id) => setKept((k) => k.filter((x) => x !== id))}
            />
          ) : (
            <div className="empty-state">This experiment has no attempts.</div>
          )}
        </div>
        <ComparisonPanel key={detail.id} experiment={detail.id} arms={detail.arms} finished={finished} />
      </div>
      {diffingArms && <ArmDiffDialog detail={detail} onClose={() => setDiffingArms(false)} />}
      {researching && <ResearchComparisonDialog experiment={detail.id} name={detail.name} onClose={() => setResearching(false)} />}
      {confirming && (
        <ConfirmDialog
          title="Cancel the run?"
          testId="cancel-dialog"
          confirmLabel="Cancel run"
          cancelLabel="Keep running"
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void cancel(liveJobs);
          }}
        >
          <p>
            {running} attempt{running === 1 ? ' is' : 's are'} running or waiting in this experiment. Attempts running now are stopped (their whole process
            group, or scancel on Slurm) and recorded <strong>interrupted</strong>; slots not reached stay never-started, so Continue can run them later.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
