/**
 * CWM verdicts of the rubrics panel: the latest verdict of each rubric on the rollout (or the
 * step's program) under the panel's library, fetched once per rollout, step and library and
 * again when verdicts are written; and the judge runs started from the panel, by the same key.
 */
import { create } from 'zustand';
import type { PipelineRunDetail, PipelineRunStatus, VerdictRow } from '../../../common/pipeline/pipeline-types';
import { toErrorData } from '../../../common/errors';
import { api, onWorkbenchEvent } from '../api/bridge';
import { reportError } from '../app-state/app-store';

export interface VerdictTarget {
  rollout: string;
  step: number | null;
  library: string;
}

export function verdictKey(t: VerdictTarget): string {
  return JSON.stringify([t.rollout, t.step, t.library]);
}

/** The retrieval settings a judge run retrieves with, so it judges the rubrics the panel shows. */
export interface JudgeSettings {
  collection: string | null;
  slots: number;
  protect: Record<string, number>;
}

/** A judge run started from the panel: `refused` when it could not start (no key, say). */
export interface JudgeState {
  status: 'starting' | 'refused' | PipelineRunStatus;
  run: string | null;
  done: number;
  total: number | null;
  /** The latest progress, what a finished run found, or why it was refused or failed. */
  message: string | null;
  /** Why a finished run's case got no answer: its verdicts are `unknown`, which a plain "done" would hide. */
  problem: string | null;
}

/** What a finished judge run says on the panel. */
function ending(detail: PipelineRunDetail): Partial<JudgeState> {
  const base = { status: detail.status, done: detail.done, total: detail.total };
  const report = detail.report;
  if (detail.status !== 'done' || report === null) return { ...base, message: detail.error ?? detail.message, problem: null };
  const fires = report.targets.reduce((sum, t) => sum + t.fires, 0);
  const failed = report.targets.find((t) => t.outcome === 'failed');
  return {
    ...base,
    message: `${report.verdicts} verdict${report.verdicts === 1 ? '' : 's'}, ${fires} fire${fires === 1 ? 's' : ''}`,
    problem:
      failed === undefined ? null : `the judge gave no answer (${failed.reason ?? 'error'}: ${failed.message ?? 'no message'}), so its verdicts are unknown`,
  };
}

interface VerdictState {
  /** By `verdictKey`: each rubric's verdicts, newest first (one per program version judged). */
  byKey: Record<string, Record<string, VerdictRow[]>>;
  /** By `verdictKey`: the latest judge run started from the panel. */
  judges: Record<string, JudgeState>;
  load(target: VerdictTarget): void;
  /** Refetches every target shown so far (verdicts were written). */
  refresh(): void;
  /** Starts `pipeline.judge` on the target and follows it; its verdicts are fetched when it ends. */
  judge(target: VerdictTarget, settings: JudgeSettings): Promise<void>;
}

const starting: JudgeState = { status: 'starting', run: null, done: 0, total: null, message: null, problem: null };

const inFlight = new Set<string>();
/** Keys asked for again while a fetch was in flight: that answer may predate the write that asked. */
const stale = new Set<string>();
const targets = new Map<string, VerdictTarget>();

/** Each rubric's verdicts, the newest first. */
function group(rows: VerdictRow[]): Record<string, VerdictRow[]> {
  const out: Record<string, VerdictRow[]> = {};
  for (const row of rows) (out[row.rubric] ??= []).push(row);
  for (const list of Object.values(out)) list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return out;
}

/** The verdicts slice. */
export const useVerdictStore = create<VerdictState>()((set, get) => {
  async function fetch(target: VerdictTarget, key: string): Promise<void> {
    if (inFlight.has(key)) {
      stale.add(key);
      return;
    }
    inFlight.add(key);
    try {
      const rows = await api('verdicts.list', { rollout: target.rollout, library: target.library, ...(target.step === null ? {} : { step: target.step }) });
      set((s) => ({ byKey: { ...s.byKey, [key]: group(rows) } }));
    } catch (err) {
      reportError(err);
    } finally {
      inFlight.delete(key);
      if (stale.delete(key)) void fetch(target, key);
    }
  }

  const setJudge = (key: string, change: Partial<JudgeState>) =>
    set((s) => ({ judges: { ...s.judges, [key]: { ...(s.judges[key] ?? starting), ...change } } }));

  return {
    byKey: {},
    judges: {},
    load(target) {
      const key = verdictKey(target);
      targets.set(key, target);
      if (get().byKey[key] === undefined) void fetch(target, key);
    },
    refresh() {
      for (const [key, target] of targets) void fetch(target, key);
    },
    async judge(target, settings) {
      const key = verdictKey(target);
      // Chosen here, so progress events that arrive before the answer are already ours.
      const jobId = `judge-${crypto.randomUUID()}`;
      set((s) => ({ judges: { ...s.judges, [key]: starting } }));
      let run: string | null = null;
      let ended = false;
      let finished = false;
      const finish = async (id: string) => {
        if (finished) return;
        finished = true;
        off();
        try {
          setJudge(key, ending(await api('pipeline.get', { run: id })));
        } catch (err) {
          setJudge(key, { status: 'failed', message: toErrorData(err).message });
        }
        targets.set(key, target);
        await fetch(target, key);
      };
      const off = onWorkbenchEvent((event) => {
        if (event.type !== 'job:progress' || event.jobId !== jobId) return;
        if (event.phase === 'running') setJudge(key, { status: 'running', done: event.done, total: event.total, message: event.message });
        else {
          ended = true;
          if (run !== null) void finish(run);
        }
      });
      try {
        const started = await api('pipeline.judge', {
          library: target.library,
          targets: [{ rollout: target.rollout, ...(target.step === null ? {} : { step: target.step }) }],
          ...(settings.collection === null ? {} : { collection: settings.collection }),
          slots: settings.slots,
          protect: settings.protect,
          wait: false,
          jobId,
        });
        run = started.run.id;
        setJudge(key, { run, total: started.run.total, ...(ended ? {} : { status: 'running' }) });
        if (ended || started.run.status !== 'running') await finish(run);
      } catch (err) {
        off();
        setJudge(key, { status: 'refused', message: toErrorData(err).message });
      }
    },
  };
});
