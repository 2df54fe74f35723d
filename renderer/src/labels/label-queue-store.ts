/**
 * The Label queue: its items, the item on screen, and the labels on their way. Keys never wait
 * for the backend: a label is sent and the queue moves on at once. Sends go out one after
 * another (so a relabel can never overtake the label it supersedes, nor an undo a label), and
 * an item shows its label as saved only once the backend has committed it. A label that fails
 * to save (no answer, a dropped connection, a restarting worker) is never dropped: it stays
 * unsaved and is sent again with backoff until the backend stores it or refuses it, under the
 * client id it got at the key press, so a retry whose first try did land is still one record.
 */
import { create } from 'zustand';
import type { RequestOf } from '../../../common/contract';
import type { LabelQueue, LabelTarget, QueueItem, StoredLabel } from '../../../common/labels/labels';
import { api, onWorkbenchEvent } from '../api/bridge';
import { nextOpenIndex, targetKey } from './queue-logic';
import { reportError, useAppStore } from '../app-state/app-store';
import { newClientId, saveTimeoutMs, untilSaved, withTimeout } from '../api/label-save-retry';
import { latestRequest } from '../api/latest-request';

/** What a label may hold on the wire: any JSON (the schema decides, in the worker). */
export type WireValue = RequestOf<'labels.add'>['value'];

/** The queue the screen shows, asked for with every field given. */
export type QueueRequest = Required<RequestOf<'labels.queue'>>;

interface LabelQueueState {
  request: QueueRequest | null;
  queue: LabelQueue | null;
  index: number;
  /** Values sent and not yet confirmed, by target key. */
  pending: Record<string, unknown>;
  /** Labels the backend confirmed committed in this window. */
  saved: number;
  /** Labels made in this window and not yet stored (on their way or waiting to be sent again), on any queue. */
  unsaved: number;
  /** Why the oldest unsaved label's last try failed, while it waits to be sent again. */
  retrying: string | null;
  lastSaved: StoredLabel | null;
  /** Why an item's last label did not save, by target key. */
  failed: Record<string, string>;
  note: string;
  /** A one-line answer to the last action (nothing to undo, flagged...). */
  notice: string | null;
  /**
   * Set when the last open item got its label or skip: the screen shows the summary instead of
   * an item, and labelling keys do nothing until the annotator moves back to an item.
   */
  finished: boolean;
  open(request: QueueRequest): Promise<void>;
  /** Fetches the open queue again after labels came from elsewhere (a file import), keeping the item on screen. */
  reload(): Promise<void>;
  goTo(index: number): void;
  label(value: WireValue, reasons?: string[]): void;
  undo(): void;
  skip(): void;
  toggleFlag(): void;
  setNote(note: string): void;
}

const finishedNotice = 'The queue is finished: j or k opens an item again to change its label.';

/** The sends in order: each waits for the one before. */
let chain: Promise<unknown> = Promise.resolve();
/** The queue opened last: a slower answer for one opened before is dropped, and so is a reload of it. */
const queueFetches = latestRequest();
let cursorTimer: ReturnType<typeof setTimeout> | undefined;
/** A cursor save still retrying stops once a newer one starts. */
const cursorSaves = latestRequest();

function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}

/** Asks before the page is left (closed, reloaded) while labels made here are not yet stored. */
export function installUnsavedLabelGuard(): void {
  window.addEventListener('beforeunload', (event) => {
    if (useLabelQueueStore.getState().unsaved === 0) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  });
}

/** The label queue slice. */
export const useLabelQueueStore = create<LabelQueueState>()((set, get) => {
  function replaceItem(target: LabelTarget, change: (item: QueueItem) => QueueItem): void {
    const queue = get().queue;
    if (!queue) return;
    const key = targetKey(target);
    set({ queue: { ...queue, items: queue.items.map((item) => (targetKey(item.target) === key ? change(item) : item)) } });
  }

  /**
   * The position is saved a moment after the annotator stops moving, so fast keying does not
   * send one per key; a failed save is tried again like a label, until a newer position replaces it.
   */
  function saveCursor(): void {
    clearTimeout(cursorTimer);
    cursorTimer = setTimeout(() => {
      const { request, queue, index } = get();
      const item = queue?.items[index];
      if (!request || !item) return;
      const cursor = { annotator: request.annotator, schema: request.schema, targetSet: request.targetSet, target: item.target };
      const report = (err: unknown) => useAppStore.getState().reportError(err, { screen: 'labels', source: 'labels.cursor' });
      void cursorSaves.send(
        (isLatest) =>
          untilSaved(async () => (isLatest() ? withTimeout(api('labels.cursor', cursor), saveTimeoutMs, 'labels.cursor') : null), {
            failed: report,
            listen: onWorkbenchEvent,
          }),
        () => useAppStore.getState().resolveError('labels.cursor'),
        report,
      );
    }, 400);
  }

  return {
    request: null,
    queue: null,
    index: 0,
    pending: {},
    saved: 0,
    unsaved: 0,
    retrying: null,
    lastSaved: null,
    failed: {},
    note: '',
    notice: null,
    finished: false,
    async open(request) {
      set({ request, queue: null, index: 0, pending: {}, failed: {}, note: '', notice: null, finished: false });
      await queueFetches.send(
        () => enqueue(() => api('labels.queue', request)),
        (queue) => set({ queue, index: queue.resume }),
        reportError,
      );
    },
    async reload() {
      const { request } = get();
      if (!request) return;
      await queueFetches.follow(
        // Behind the labels on their way, so the queue fetched already holds them.
        () => enqueue(() => api('labels.queue', request)),
        (queue) => {
          const shown = get().queue?.items[get().index];
          const at = shown ? queue.items.findIndex((i) => targetKey(i.target) === targetKey(shown.target)) : -1;
          set({ queue, index: at === -1 ? queue.resume : at });
        },
        reportError,
      );
    },
    goTo(index) {
      const count = get().queue?.items.length ?? 0;
      if (count === 0) return;
      set({ index: Math.max(0, Math.min(count - 1, index)), notice: null, finished: false });
      saveCursor();
    },
    label(value, reasons = []) {
      const { queue, index, request, note, pending } = get();
      const item = queue?.items[index];
      if (!queue || !request || !item) return;
      if (get().finished) return set({ notice: finishedNotice });
      const key = targetKey(item.target);
      const failed = { ...get().failed };
      delete failed[key];
      const withThis = { ...pending, [key]: value };
      const next = nextOpenIndex(queue.items, index, withThis);
      set({ pending: withThis, failed, note: '', notice: null, index: next ?? index, finished: next === null });
      saveCursor();
      const sent: RequestOf<'labels.add'> = {
        annotator: request.annotator,
        schema: request.schema,
        target: item.target,
        value,
        reasons,
        note,
        clientId: newClientId(),
      };
      set({ unsaved: get().unsaved + 1 });
      const save = () => withTimeout(api('labels.add', sent), saveTimeoutMs, 'labels.add');
      const retry = {
        failed(err: unknown) {
          set({ retrying: err instanceof Error ? err.message : String(err) });
          useAppStore.getState().reportError(err, { screen: 'labels', source: 'labels.add' });
        },
        listen: onWorkbenchEvent,
      };
      // Only the queue the label was made in shows it (another queue may hold the same target under another schema).
      const here = () => get().request === request;
      void enqueue(() => untilSaved(save, retry)).then(
        (stored) => {
          set({ unsaved: get().unsaved - 1, retrying: null, saved: get().saved + 1, lastSaved: stored });
          useAppStore.getState().resolveError('labels.add');
          if (!here()) return;
          replaceItem(item.target, (i) => ({ ...i, mine: stored, annotators: i.mine === null ? i.annotators + 1 : i.annotators }));
          const { [key]: _done, ...rest } = get().pending;
          set({ pending: rest });
        },
        (err: unknown) => {
          set({ unsaved: get().unsaved - 1, retrying: null });
          useAppStore.getState().reportError(err, { screen: 'labels', source: 'labels.add' });
          if (!here()) return;
          const { [key]: _lost, ...rest } = get().pending;
          set({ pending: rest, failed: { ...get().failed, [key]: err instanceof Error ? err.message : String(err) } });
        },
      );
    },
    undo() {
      const request = get().request;
      if (!request) return;
      void enqueue(() => api('labels.undo', { annotator: request.annotator, schema: request.schema })).then((result) => {
        if (!result.undone) return set({ notice: 'Nothing to undo.' });
        const target = result.undone.target;
        replaceItem(target, (i) => ({ ...i, mine: result.current, annotators: result.current === null ? Math.max(0, i.annotators - 1) : i.annotators }));
        const at = get().queue?.items.findIndex((i) => targetKey(i.target) === targetKey(target)) ?? -1;
        set({ notice: `Undid ${JSON.stringify(result.undone.value)} on ${target.id}${at === -1 ? ' (not in this queue)' : ''}.` });
        if (at !== -1) get().goTo(at);
      }, reportError);
    },
    skip() {
      const { queue, index, request } = get();
      const item = queue?.items[index];
      if (!request || !item) return;
      if (get().finished) return set({ notice: finishedNotice });
      replaceItem(item.target, (i) => ({ ...i, skipped: true }));
      get().goTo(index + 1);
      const after = get().queue;
      if (after && nextOpenIndex(after.items, index, get().pending) === null) set({ index, finished: true });
      void enqueue(() => api('labels.mark', { annotator: request.annotator, schema: request.schema, target: item.target, skipped: true })).catch(reportError);
    },
    toggleFlag() {
      const { queue, index, request } = get();
      const item = queue?.items[index];
      if (!request || !item) return;
      const flagged = !item.flagged;
      replaceItem(item.target, (i) => ({ ...i, flagged }));
      set({ notice: flagged ? 'Flagged for another look.' : 'Flag removed.' });
      void enqueue(() => api('labels.mark', { annotator: request.annotator, schema: request.schema, target: item.target, flagged })).catch(reportError);
    },
    setNote(note) {
      set({ note });
    },
  };
});
