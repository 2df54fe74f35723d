/**
 * CWM verdicts of the rubrics panel: the latest verdict of each rubric on the rollout (or the
 * step's program) under the panel's library, fetched once per rollout, step and library.
 */
import { create } from 'zustand';
import type { VerdictRow } from '../../../common/domain';
import { api } from '../api/bridge';
import { reportError } from './app-store';

export interface VerdictTarget {
  rollout: string;
  step: number | null;
  library: string;
}

export function verdictKey(t: VerdictTarget): string {
  return JSON.stringify([t.rollout, t.step, t.library]);
}

interface VerdictState {
  /** By `verdictKey`: each rubric's verdicts, newest first (one per program version judged). */
  byKey: Record<string, Record<string, VerdictRow[]>>;
  load(target: VerdictTarget): void;
  /** Refetches every target shown so far (verdicts were written). */
  refresh(): void;
}

const inFlight = new Set<string>();
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
    if (inFlight.has(key)) return;
    inFlight.add(key);
    try {
      const rows = await api('verdicts.list', { rollout: target.rollout, library: target.library, ...(target.step === null ? {} : { step: target.step }) });
      set((s) => ({ byKey: { ...s.byKey, [key]: group(rows) } }));
    } catch (err) {
      reportError(err);
    } finally {
      inFlight.delete(key);
    }
  }
  return {
    byKey: {},
    load(target) {
      const key = verdictKey(target);
      targets.set(key, target);
      if (get().byKey[key] === undefined) void fetch(target, key);
    },
    refresh() {
      for (const [key, target] of targets) void fetch(target, key);
    },
  };
});
