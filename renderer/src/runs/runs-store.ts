/**
 * The Runs screen's slice: experiments with their status counts, the open experiment's
 * attempt grid (patched row by row from `attempt:status`), and the paired comparison on
 * screen. Terminal output never comes here: it goes straight into xterm (attempt-output-tap).
 */
import { create } from 'zustand';
import { attemptStatuses } from '../../../common/corpus/bundle';
import type { AttemptCounts, AttemptRow, ExperimentComparison, ExperimentDetail, ExperimentSummary, RunStarted } from '../../../common/runs/run-types';
import { toErrorData } from '../../../common/errors';
import { api, onWorkbenchEvent } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { touches } from '../api/table-changes';
import { reportError } from '../app-state/app-store';

/** What the statistics panel shows, and for which question. */
export interface ComparisonState {
  key: string;
  /** While `loading`, the previous question's numbers (kept so the panel does not jump). */
  value: ExperimentComparison | null;
  loading: boolean;
  error: string | null;
}

interface RunsState {
  experiments: ExperimentSummary[] | null;
  /** The open experiment; null while it loads or when none is open. */
  detail: ExperimentDetail | null;
  openId: string | null;
  /** The open experiment could not be loaded (not in this corpus). */
  missing: boolean;
  /** The backend the next Start uses: `local`, `slurm` or `ssh:<host>`. */
  backend: string;
  comparison: ComparisonState | null;
  loadExperiments(): Promise<void>;
  open(id: string | null): Promise<void>;
  refresh(): Promise<void>;
  setBackend(backend: string): void;
  /** Starts the open experiment's never-started slots (all of them when none has started yet). */
  start(timeoutS: number | null, pool?: { parallel?: number; hosts?: string[] }): Promise<RunStarted | null>;
  cancel(jobIds: string[]): Promise<void>;
  /** Stops dispatching: running attempts finish, the rest stay never started. */
  stop(jobIds: string[]): Promise<void>;
  compare(a: string, b: string): Promise<void>;
}

function countsOf(attempts: AttemptRow[]): AttemptCounts {
  const counts = Object.fromEntries(attemptStatuses.map((s) => [s, 0])) as AttemptCounts;
  for (const a of attempts) counts[a.status] += 1;
  return counts;
}

export function comparisonKey(experiment: string, a: string, b: string): string {
  return JSON.stringify([experiment, a, b]);
}

/** The open experiment: an answer for one left, or overtaken by a refetch, is dropped. */
const detailFetches = latestRequest();
/** The comparison on screen: an answer to an earlier question, or of an experiment left, is dropped. */
const comparisons = latestRequest();

/** The runs slice. */
export const useRunsStore = create<RunsState>()((set, get) => {
  async function fetchDetail(id: string): Promise<void> {
    await detailFetches.send(
      () => api('experiments.get', { id }),
      (detail) => set({ detail, missing: false }),
      (err) => {
        set({ missing: toErrorData(err).code === 'not_found' });
        if (toErrorData(err).code !== 'not_found') reportError(err);
      },
    );
  }

  return {
    experiments: null,
    detail: null,
    openId: null,
    missing: false,
    backend: 'local',
    comparison: null,
    async loadExperiments() {
      try {
        set({ experiments: await api('experiments.list', {}) });
      } catch (err) {
        reportError(err);
      }
    },
    async open(id) {
      // Reopening the same experiment keeps its grid on screen while it refetches.
      if (get().openId !== id) {
        comparisons.drop();
        set({ openId: id, detail: null, missing: false, comparison: null });
      }
      if (id === null) detailFetches.drop();
      else await fetchDetail(id);
    },
    async refresh() {
      const id = get().openId;
      await Promise.all([get().loadExperiments(), id === null ? null : fetchDetail(id)]);
    },
    setBackend(backend) {
      set({ backend });
    },
    async start(timeoutS, pool = {}) {
      const detail = get().detail;
      if (!detail) return null;
      // "Continue" whenever any slot has run: attempts are never overwritten, so only never-started slots may start.
      const started = detail.attempts.some((a) => a.status !== 'queued' || a.dispatchedAt !== null || a.runJobId !== null);
      try {
        const run = await api('runs.start', {
          experiment: detail.id,
          backend: get().backend,
          continue: started,
          ...(timeoutS === null ? {} : { timeoutS }),
          ...pool,
        });
        for (const row of run.rows) applyAttempt(row);
        // A host of the pool that refused is left out of the run, and said so.
        if (run.refusedHosts?.length) reportError(new Error(run.refusedHosts.map((r) => `Host ${r.host} was left out of the run: ${r.message}`).join('\n')));
        return run;
      } catch (err) {
        reportError(err);
        return null;
      }
    },
    async cancel(jobIds) {
      try {
        await Promise.all(jobIds.map((jobId) => api('runs.cancel', { jobId })));
      } catch (err) {
        reportError(err);
      }
    },
    async stop(jobIds) {
      try {
        await Promise.all(jobIds.map((jobId) => api('runs.stop', { jobId })));
      } catch (err) {
        reportError(err);
      }
    },
    async compare(a, b) {
      const id = get().openId;
      if (id === null) return;
      const key = comparisonKey(id, a, b);
      set((s) => ({ comparison: { key, value: s.comparison?.value ?? null, loading: true, error: null } }));
      await comparisons.send(
        () => api('experiments.compare', { experiment: id, a, b }),
        (value) => set({ comparison: { key, value, loading: false, error: null } }),
        (err) => set({ comparison: { key, value: null, loading: false, error: toErrorData(err).message } }),
      );
    },
  };
});

/** Puts one attempt row (from `attempt:status` or a run's answer) into the open grid. */
function applyAttempt(row: AttemptRow): void {
  const { detail } = useRunsStore.getState();
  if (!detail || detail.id !== row.experiment) return;
  const at = detail.attempts.findIndex((a) => a.id === row.id);
  const attempts = at === -1 ? [...detail.attempts, row] : detail.attempts.with(at, row);
  useRunsStore.setState({ detail: { ...detail, attempts, counts: countsOf(attempts) } });
}

/**
 * Keeps the slice current while the Runs screen is open: attempt rows at once from
 * `attempt:status`, the lists (counts, new experiments) once writes settle, since a run
 * announces a write for every attempt it records. Returns the unsubscribe.
 */
export function followRunEvents(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = onWorkbenchEvent((event) => {
    if (event.type === 'attempt:status') applyAttempt(event.attempt);
    else if (event.type === 'db:changed' && touches(event, ['attempts', 'experiments', 'cases'])) {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void useRunsStore.getState().refresh();
      }, 300);
    }
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
