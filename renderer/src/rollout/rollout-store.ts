/**
 * The rollout screen's slice: the open rollout, its step rows, and the step details and
 * program versions fetched as the user looks at them. The selected step lives in the URL.
 */
import { create } from 'zustand';
import type { ProgramContent, ProgramVersionRef, RolloutDetail, StepDetail, StepRow } from '../../../common/corpus/corpus-types';
import { api } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { reportError, useAppStore } from '../app-state/app-store';

interface RolloutState {
  rolloutId: string | null;
  detail: RolloutDetail | null;
  steps: StepRow[] | null;
  /** Step details by step index; outputs load only for steps the user opens. */
  stepDetails: Record<number, StepDetail>;
  /** Program versions by `programKey`. */
  programs: Record<string, ProgramContent>;
  /** Set when the rollout itself could not be loaded. */
  failed: boolean;
  open(id: string): Promise<void>;
  refresh(): Promise<void>;
  loadStep(index: number): Promise<void>;
  loadProgram(ref: ProgramVersionRef): Promise<void>;
}

/** The cache key of a program version. */
export function programKey(ref: ProgramVersionRef): string {
  return `${ref.version}@${ref.path}`;
}

const pending = new Set<string>();
/** The rollout on screen: a step or program fetched for one opened before is dropped. */
const opened = latestRequest();
/** Its detail and rows: an answer for a rollout left, or overtaken by a refresh, is dropped. */
const rowFetches = latestRequest();

/** Steps fetched before the first paint: more than a screen holds. */
const firstPage = 200;

/** The rollout slice. */
export const useRolloutStore = create<RolloutState>()((set, get) => {
  function failed(err: unknown): void {
    set({ failed: true });
    reportError(err);
  }

  async function fetchRollout(id: string): Promise<void> {
    // The first steps paint at once; a long rollout's remaining rows follow in one more call.
    const answered = await rowFetches.send(
      () => Promise.all([api('rollouts.get', { id }), api('steps.list', { rollout: id, limit: firstPage })]),
      ([detail, first]) => set({ detail, steps: first, failed: false }),
      failed,
    );
    const first = get().steps;
    if (!answered || first?.length !== firstPage) return;
    await rowFetches.follow(
      () => api('steps.list', { rollout: id, offset: firstPage }),
      (rest) => set({ steps: [...first, ...rest] }),
      failed,
    );
  }

  return {
    rolloutId: null,
    detail: null,
    steps: null,
    stepDetails: {},
    programs: {},
    failed: false,
    async open(id) {
      if (get().rolloutId === id) return;
      opened.drop();
      set({ rolloutId: id, detail: null, steps: null, stepDetails: {}, programs: {}, failed: false });
      await fetchRollout(id);
      useAppStore.getState().markReady();
    },
    async refresh() {
      const id = get().rolloutId;
      if (id === null) return;
      // Outputs and programs are content-addressed and rarely change; the rows may.
      set({ stepDetails: {} });
      await fetchRollout(id);
    },
    async loadStep(index) {
      const id = get().rolloutId;
      const key = `step:${id}:${index}`;
      if (id === null || get().stepDetails[index] || pending.has(key)) return;
      pending.add(key);
      await opened.follow(
        () => api('steps.get', { rollout: id, index }),
        (step) => set((s) => ({ stepDetails: { ...s.stepDetails, [index]: step } })),
        reportError,
      );
      pending.delete(key);
    },
    async loadProgram(ref) {
      const id = get().rolloutId;
      const key = `program:${id}:${programKey(ref)}`;
      if (id === null || get().programs[programKey(ref)] || pending.has(key)) return;
      pending.add(key);
      await opened.follow(
        () => api('programs.get', { rollout: id, path: ref.path, version: ref.version }),
        (program) => set((s) => ({ programs: { ...s.programs, [programKey(ref)]: program } })),
        reportError,
      );
      pending.delete(key);
    },
  };
});
