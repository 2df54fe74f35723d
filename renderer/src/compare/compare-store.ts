/**
 * The Compare screen's slice: rollouts (with their steps, for outcomes) and program versions
 * fetched for the sides on screen, and the view mode.
 * The sides themselves live in the URL.
 */
import { create } from 'zustand';
import type { ProgramContent, RolloutDetail, StepRow } from '../../../common/corpus/corpus-types';
import { toErrorData } from '../../../common/errors';
import { api } from '../api/bridge';
import { formatSide, type ProgramSide } from '../router/compare-route';

/** A rollout as the Compare screen needs it. */
export interface RolloutFacts {
  detail: RolloutDetail;
  steps: StepRow[];
}

/** Something fetched: its value, or why it could not be (shown beside the picker that asked). */
export type Fetched<T> = { value: T } | { error: string };

interface CompareState {
  /** By rollout id; absent until asked for. */
  rollouts: Record<string, Fetched<RolloutFacts>>;
  /** By `formatSide(side)`; absent until asked for. */
  programs: Record<string, Fetched<ProgramContent>>;
  sideBySide: boolean;
  /** Fetches a rollout unless it is cached; resolves to what is cached afterwards. */
  loadRollout(id: string): Promise<Fetched<RolloutFacts>>;
  loadProgram(side: ProgramSide): Promise<void>;
  setSideBySide(sideBySide: boolean): void;
  /** Forgets cached rollouts after the corpus changed; program versions are content-addressed. */
  invalidate(): void;
}

/** Fetches in flight, by key: one map per result type, so a waiting caller gets the type it asked for. */
const pendingRollouts = new Map<string, Promise<Fetched<RolloutFacts>>>();
const pendingLoads = new Map<string, Promise<void>>();

/** Runs `fetch` once per key at a time; a second caller waits for the first. */
function once<T>(pending: Map<string, Promise<T>>, key: string, fetch: () => Promise<T>): Promise<T> {
  const running = pending.get(key);
  if (running) return running;
  const started = fetch().finally(() => pending.delete(key));
  pending.set(key, started);
  return started;
}

/** The compare slice. */
export const useCompareStore = create<CompareState>()((set, get) => ({
  rollouts: {},
  programs: {},
  sideBySide: true,
  async loadRollout(id) {
    const cached = get().rollouts[id];
    if (cached) return cached;
    return once(pendingRollouts, `rollout:${id}`, async () => {
      let fetched: Fetched<RolloutFacts>;
      try {
        const [detail, steps] = await Promise.all([api('rollouts.get', { id }), api('steps.list', { rollout: id })]);
        fetched = { value: { detail, steps } };
      } catch (err) {
        fetched = { error: toErrorData(err).message };
      }
      set((s) => ({ rollouts: { ...s.rollouts, [id]: fetched } }));
      return fetched;
    });
  },
  async loadProgram(side) {
    const key = formatSide(side);
    if (get().programs[key]) return;
    await once(pendingLoads, `program:${key}`, async () => {
      let fetched: Fetched<ProgramContent>;
      try {
        fetched = { value: await api('programs.get', side) };
      } catch (err) {
        fetched = { error: toErrorData(err).message };
      }
      set((s) => ({ programs: { ...s.programs, [key]: fetched } }));
    });
  },
  setSideBySide(sideBySide) {
    set({ sideBySide });
  },
  invalidate() {
    set({ rollouts: {} });
  },
}));
