/**
 * The rollout screen's rubrics panel: the retrieval settings (library, pool, slots, protected
 * slots), whether it retrieves for the whole rollout or the selected failed step, and the
 * backend's answer. Settings outlive the rollout: a researcher picks a library once and then
 * reads many rollouts with it.
 */
import { create } from 'zustand';
import type { RetrievalResult } from '../../../common/rubrics/rubric-types';
import { ApiError } from '../../../common/errors';
import { api } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { reportError } from '../app-state/app-store';

/** Slots asked for until the user picks another number (docs/definitions.md). */
export const defaultSlots = 12;

export interface RetrievalSettings {
  library: string | null;
  /** Collection whose failure mix splits the slots; null is every collection. */
  collection: string | null;
  slots: number;
  /** Categories with a fixed number of slots, served first. */
  protect: Record<string, number>;
}

/** What to retrieve for: a rollout, or one of its steps. */
export interface RetrievalTarget {
  rollout: string;
  step: number | null;
}

export type RetrievalScope = 'rollout' | 'step';

interface RetrievalState {
  settings: RetrievalSettings;
  scope: RetrievalScope;
  /** Whether the panel is expanded beside the step detail. */
  open: boolean;
  result: RetrievalResult | null;
  /** `retrievalKey` of the result on screen. */
  resultKey: string | null;
  /** `retrievalKey` of the request in flight, or null. */
  loadingKey: string | null;
  /** Why the server would not retrieve for this person (blind mode), said in the panel instead of as an error. */
  refusal: string | null;
  /** Retrieves for `target` with the current settings, unless that is already on screen or on its way. */
  run(target: RetrievalTarget): void;
  /** Forgets the target when its panel goes away, so a corpus change does not retrieve for nothing. */
  release(): void;
  /** Retrieves again for the current target (the corpus changed). */
  refresh(): void;
  setLibrary(library: string): void;
  setCollection(collection: string | null): void;
  setSlots(slots: number): void;
  /** Gives `category` a fixed number of slots; 0 or null removes it. */
  setProtected(category: string, count: number | null): void;
  setScope(scope: RetrievalScope): void;
  setOpen(open: boolean): void;
}

/** Protected slots in total; the backend refuses more than the slots. */
export function protectedTotal(settings: RetrievalSettings): number {
  return Object.values(settings.protect).reduce((sum, n) => sum + n, 0);
}

/** Identifies one retrieval request, so an answer can be matched to what is asked now. */
export function retrievalKey(settings: RetrievalSettings, target: RetrievalTarget): string {
  const protect = Object.entries(settings.protect).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([settings.library, settings.collection, settings.slots, protect, target.rollout, target.step]);
}

/** The server's refusal of a read that would show the miner's categories to a person in blind mode. */
function isBlindRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 'forbidden' && (err.details as { blind?: unknown } | undefined)?.blind === true;
}

let lastTarget: RetrievalTarget | null = null;
/** An answer to settings or a target since changed is dropped. */
const retrievals = latestRequest();

/** The retrieval slice. */
export const useRetrievalStore = create<RetrievalState>()((set, get) => {
  async function fetchRetrieval(target: RetrievalTarget, key: string): Promise<void> {
    const { settings } = get();
    if (settings.library === null) return;
    const library = settings.library;
    set({ loadingKey: key });
    await retrievals.send(
      () =>
        api('retrieval.run', {
          library,
          rollout: target.rollout,
          ...(target.step === null ? {} : { step: target.step }),
          ...(settings.collection ? { collection: settings.collection } : {}),
          slots: settings.slots,
          protect: settings.protect,
        }),
      (result) => set({ result, resultKey: key, loadingKey: null, refusal: null }),
      (err) => {
        set({ loadingKey: null });
        if (isBlindRefusal(err)) set({ refusal: err.message, result: null, resultKey: key });
        else reportError(err);
      },
    );
  }

  function start(target: RetrievalTarget, force: boolean): void {
    lastTarget = target;
    const { settings, resultKey, loadingKey } = get();
    // Over-protected settings are shown as a mistake in the panel instead of sent to fail.
    if (settings.library === null || protectedTotal(settings) > settings.slots) return;
    const key = retrievalKey(settings, target);
    if (!force && (key === resultKey || key === loadingKey)) return;
    void fetchRetrieval(target, key);
  }

  function changeSettings(change: Partial<RetrievalSettings>): void {
    set((s) => ({ settings: { ...s.settings, ...change } }));
    if (lastTarget) start(lastTarget, false);
  }

  return {
    settings: { library: null, collection: null, slots: defaultSlots, protect: {} },
    scope: 'rollout',
    open: true,
    result: null,
    resultKey: null,
    loadingKey: null,
    refusal: null,
    run(target) {
      start(target, false);
    },
    release() {
      lastTarget = null;
    },
    refresh() {
      if (lastTarget) start(lastTarget, true);
    },
    setLibrary(library) {
      changeSettings({ library });
    },
    setCollection(collection) {
      changeSettings({ collection });
    },
    setSlots(slots) {
      changeSettings({ slots });
    },
    setProtected(category, count) {
      const protect = { ...get().settings.protect };
      if (count === null || count <= 0) delete protect[category];
      else protect[category] = count;
      changeSettings({ protect });
    },
    setScope(scope) {
      set({ scope });
    },
    setOpen(open) {
      set({ open });
    },
  };
});
