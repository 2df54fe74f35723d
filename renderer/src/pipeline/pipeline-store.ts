/**
 * The Pipeline screen's slice: whether model features can run, the pipeline runs with their
 * live progress (`job:progress`, kind `pipeline-<kind>`), the run opened in detail, replay
 * reports, and one page of the model request ledger with its filters.
 */
import { create } from 'zustand';
import type { CorpusTable } from '../../../common/corpus-tables';
import type { RequestOf } from '../../../common/contract';
import type { ModelRequestPage, ModelRequestStatus, ModelsStatus } from '../../../common/model/model-types';
import type { PipelineRunDetail, PipelineRunStarted, PipelineRunSummary, ReplayReport } from '../../../common/pipeline/pipeline-types';
import type { JobProgressEvent } from '../../../common/events';
import { toErrorData } from '../../../common/errors';
import { api, onWorkbenchEvent } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { touches } from '../api/table-changes';
import { reportError } from '../app-state/app-store';

/** Ledger rows per page. */
export const ledgerPageSize = 50;

export interface LedgerFilters {
  status: ModelRequestStatus | null;
  purpose: string | null;
}

/** A replay asked for one run: in flight, its report, or why it could not run. */
export interface ReplayState {
  loading: boolean;
  report: ReplayReport | null;
  error: string | null;
}

/** A run to start from the UI: mining or curation (judging starts from the rollout screen). */
export type PipelineStart = { op: 'pipeline.mine'; request: RequestOf<'pipeline.mine'> } | { op: 'pipeline.curate'; request: RequestOf<'pipeline.curate'> };

interface PipelineState {
  status: ModelsStatus | null;
  runs: PipelineRunSummary[] | null;
  /** Job id of each run seen running (from `pipeline.get`), for Cancel and progress events. */
  jobOf: Record<string, string>;
  /** Latest progress event of each pipeline job. */
  progress: Record<string, JobProgressEvent>;
  replays: Record<string, ReplayState>;
  /** The run whose detail (parameters, funnel, costs) is open, and the details fetched. */
  expanded: string | null;
  details: Record<string, PipelineRunDetail>;
  ledger: ModelRequestPage | null;
  ledgerFilters: LedgerFilters;
  ledgerOffset: number;
  load(): Promise<void>;
  loadStatus(): Promise<void>;
  loadRuns(): Promise<void>;
  loadLedger(): Promise<void>;
  setLedgerFilters(filters: Partial<LedgerFilters>): void;
  setLedgerOffset(offset: number): void;
  cancel(run: string): Promise<void>;
  resume(run: string): Promise<void>;
  replay(run: string): Promise<void>;
  /** Starts a run; a refusal (no key, a bad field) is thrown for the caller to show beside its form. */
  start(start: PipelineStart): Promise<PipelineRunStarted>;
  toggleDetail(run: string): void;
  /** Opens a run's detail, e.g. before navigating to the screen from elsewhere. */
  showRun(run: string): void;
}

/** The ledger page asked for last: a slower answer for another page or filter is dropped. */
const ledgerFetches = latestRequest();

/** The pipeline slice. */
export const usePipelineStore = create<PipelineState>()((set, get) => ({
  status: null,
  runs: null,
  jobOf: {},
  progress: {},
  replays: {},
  expanded: null,
  details: {},
  ledger: null,
  ledgerFilters: { status: null, purpose: null },
  ledgerOffset: 0,
  async load() {
    await Promise.all([get().loadStatus(), get().loadRuns(), get().loadLedger()]);
  },
  async loadStatus() {
    try {
      set({ status: await api('models.status', {}) });
    } catch (err) {
      reportError(err);
    }
  },
  async loadRuns() {
    try {
      const runs = await api('pipeline.list', {});
      set({ runs });
      const open = get().expanded;
      if (open !== null) void loadDetail(open);
      // Running runs: their job id, so progress events find their row and Cancel can stop them.
      const missing = runs.filter((r) => r.status === 'running' && get().jobOf[r.id] === undefined);
      const details = await Promise.all(missing.map((r) => api('pipeline.get', { run: r.id })));
      const found = details.filter((d) => d.jobId !== null);
      if (found.length > 0) set((s) => ({ jobOf: { ...s.jobOf, ...Object.fromEntries(found.map((d) => [d.id, d.jobId!])) } }));
    } catch (err) {
      reportError(err);
    }
  },
  async loadLedger() {
    const { ledgerFilters: f, ledgerOffset: offset } = get();
    const request = {
      offset,
      limit: ledgerPageSize,
      ...(f.status === null ? {} : { status: f.status }),
      ...(f.purpose === null ? {} : { purpose: f.purpose }),
    };
    await ledgerFetches.send(
      () => api('ledger.list', request),
      (ledger) => set({ ledger }),
      reportError,
    );
  },
  setLedgerFilters(filters) {
    set((s) => ({ ledgerFilters: { ...s.ledgerFilters, ...filters }, ledgerOffset: 0 }));
    void get().loadLedger();
  },
  setLedgerOffset(offset) {
    set({ ledgerOffset: Math.max(0, offset) });
    void get().loadLedger();
  },
  async cancel(run) {
    const jobId = get().jobOf[run];
    if (jobId === undefined) return;
    try {
      await api('jobs.cancel', { jobId });
    } catch (err) {
      reportError(err);
    }
    await get().loadRuns();
  },
  async resume(run) {
    try {
      const started = await api('pipeline.resume', { run });
      set((s) => ({ jobOf: { ...s.jobOf, [run]: started.jobId } }));
    } catch (err) {
      reportError(err);
    }
    await get().loadRuns();
  },
  async replay(run) {
    set((s) => ({ replays: { ...s.replays, [run]: { loading: true, report: s.replays[run]?.report ?? null, error: null } } }));
    try {
      const report = await api('pipeline.replay', { run });
      set((s) => ({ replays: { ...s.replays, [run]: { loading: false, report, error: null } } }));
    } catch (err) {
      // Shown beside the run: a replay that cannot run (missing answers, say) is its result, not an app error.
      const message = toErrorData(err).message;
      set((s) => ({ replays: { ...s.replays, [run]: { loading: false, report: null, error: message } } }));
    }
  },
  async start(start) {
    const started = start.op === 'pipeline.mine' ? await api('pipeline.mine', start.request) : await api('pipeline.curate', start.request);
    set((s) => ({ jobOf: { ...s.jobOf, [started.run.id]: started.jobId } }));
    await get().loadRuns();
    return started;
  },
  toggleDetail(run) {
    const open = get().expanded === run ? null : run;
    set({ expanded: open });
    if (open !== null) void loadDetail(open);
  },
  showRun(run) {
    set({ expanded: run });
    void loadDetail(run);
  },
}));

/** Fetches one run's detail; refetched with the run list, so a running run's report fills in. */
async function loadDetail(run: string): Promise<void> {
  try {
    const detail = await api('pipeline.get', { run });
    usePipelineStore.setState((s) => ({ details: { ...s.details, [run]: detail } }));
  } catch (err) {
    reportError(err);
  }
}

/** Tables whose writes change what the Pipeline screen shows. */
const watched: readonly CorpusTable[] = ['pipeline_runs', 'pipeline_run_requests', 'model_requests', 'libraries', 'verdicts'];

/**
 * Follows progress and corpus writes while the screen is open; returns the unsubscribe
 * function. Refetches are coalesced, since ledger writes come many a second.
 */
export function followPipelineEvents(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refetch = () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void usePipelineStore.getState().loadRuns();
      void usePipelineStore.getState().loadLedger();
    }, 400);
  };
  const off = onWorkbenchEvent((event) => {
    if (event.type === 'job:progress' && event.kind.startsWith('pipeline-')) {
      usePipelineStore.setState((s) => ({ progress: { ...s.progress, [event.jobId]: event } }));
      const known = Object.values(usePipelineStore.getState().jobOf).includes(event.jobId);
      if (!known || event.phase !== 'running') refetch();
    } else if (event.type === 'db:changed' && touches(event, watched)) {
      refetch();
    }
  });
  return () => {
    off();
    if (timer !== null) clearTimeout(timer);
  };
}
