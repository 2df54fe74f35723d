import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../common/contract';
import { ApiError } from '../../../common/errors';
import type { LabelQueue, QueueItem, StoredLabel } from '../../../common/labels/labels';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useLabelQueueStore, type QueueRequest } from './label-queue-store';
import { targetKey } from './queue-logic';

const initial = useLabelQueueStore.getState();

function item(id: string): QueueItem {
  return { target: { kind: 'rubric', id }, program: null, rubric: null, mine: null, flagged: false, skipped: false, annotators: 0, others: null };
}

function queueOf(ids: string[], resume = 0): LabelQueue {
  return {
    schema: { name: 'valid', version: 1 } as LabelQueue['schema'],
    targetSet: { kind: 'library', library: 'lib' },
    annotator: 'ana',
    blind: false,
    items: ids.map(item),
    resume,
    progress: [],
    atOverlapTarget: 0,
  };
}

function stored(request: RequestOf<'labels.add'>): StoredLabel {
  const { annotator, schema, target, value, reasons = [], note = '' } = request;
  return {
    id: 1,
    annotator,
    schema,
    schemaVersion: 1,
    taxonomyVersion: null,
    target,
    value,
    reasons,
    note,
    at: '2026-12-05T00:00:00Z',
    adjudication: false,
    retracts: null,
    needsReview: false,
  };
}

const request = (library: string): QueueRequest => ({ annotator: 'ana', schema: 'valid', targetSet: { kind: 'library', library } }) as QueueRequest;

beforeEach(() => {
  useLabelQueueStore.setState(initial, true);
  useAppStore.setState({ error: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('label queue store', () => {
  it('opens at the resume position and shows only the newest queue asked for', async () => {
    const answers: Record<string, (queue: LabelQueue) => void> = {};
    installFakeWorkbench({
      'labels.queue': (r) => new Promise<LabelQueue>((resolve) => (answers[(r.targetSet as { library: string }).library] = resolve)),
    });
    const first = useLabelQueueStore.getState().open(request('old'));
    await settled();
    const second = useLabelQueueStore.getState().open(request('new'));
    await settled();
    answers.old!(queueOf(['o1']));
    await first;
    expect(useLabelQueueStore.getState().queue).toBeNull();
    // Sends go one after another: the second queue is asked for once the first has its answer.
    await settled();
    answers.new!(queueOf(['n1', 'n2', 'n3'], 1));
    await second;
    expect(useLabelQueueStore.getState().queue?.items.map((i) => i.target.id)).toEqual(['n1', 'n2', 'n3']);
    expect(useLabelQueueStore.getState().index).toBe(1);
  });

  it('drops a reload of a queue the annotator has since left', async () => {
    let answerReload: ((queue: LabelQueue) => void) | null = null;
    let holdReload = false;
    installFakeWorkbench({
      'labels.queue': (r) => {
        const library = (r.targetSet as { library: string }).library;
        if (holdReload && library === 'old') return new Promise<LabelQueue>((resolve) => (answerReload = resolve));
        return queueOf([`${library}1`]);
      },
    });
    await useLabelQueueStore.getState().open(request('old'));
    holdReload = true;
    const reload = useLabelQueueStore.getState().reload();
    await settled();
    const newer = useLabelQueueStore.getState().open(request('new'));
    answerReload!(queueOf(['stale']));
    await Promise.all([reload, newer]);
    expect(useLabelQueueStore.getState().queue?.items.map((i) => i.target.id)).toEqual(['new1']);
  });

  it('stops retrying a failed cursor save once a newer position is saved', async () => {
    vi.useFakeTimers();
    try {
      const backend = installFakeWorkbench({
        'labels.queue': () => queueOf(['a', 'b', 'c']),
        'labels.cursor': (r) => {
          if (r.target.id === 'b') throw new ApiError('unavailable', 'labels.cursor: worker restarting');
          return { saved: true };
        },
      });
      await useLabelQueueStore.getState().open(request('lib'));
      useLabelQueueStore.getState().goTo(1);
      await vi.advanceTimersByTimeAsync(400);
      expect(useAppStore.getState().error).toMatchObject({ code: 'unavailable' });
      useLabelQueueStore.getState().goTo(2);
      await vi.advanceTimersByTimeAsync(400);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(backend.requestsOf('labels.cursor').map((r) => r.target.id)).toEqual(['b', 'c']);
      expect(useAppStore.getState().error).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves on at a key press and shows the label saved once the backend stored it', async () => {
    let store: (() => void) | null = null;
    const backend = installFakeWorkbench({
      'labels.queue': () => queueOf(['a', 'b']),
      'labels.add': (r) => new Promise<StoredLabel>((resolve) => (store = () => resolve(stored(r)))),
      'labels.cursor': () => ({ saved: true }),
    });
    await useLabelQueueStore.getState().open(request('lib'));
    useLabelQueueStore.getState().label(true);
    let state = useLabelQueueStore.getState();
    expect(state.index).toBe(1);
    expect(state.pending).toEqual({ [targetKey({ kind: 'rubric', id: 'a' })]: true });
    expect(state.unsaved).toBe(1);
    expect(state.queue?.items[0]?.mine).toBeNull();

    await settled();
    store!();
    await settled();
    state = useLabelQueueStore.getState();
    expect(state.pending).toEqual({});
    expect(state.unsaved).toBe(0);
    expect(state.saved).toBe(1);
    expect(state.queue?.items[0]?.mine?.value).toBe(true);
    expect(backend.requestsOf('labels.add')[0]).toMatchObject({ annotator: 'ana', schema: 'valid', target: { kind: 'rubric', id: 'a' }, value: true });
  });

  it('keeps a refused label off the item and says why', async () => {
    installFakeWorkbench({
      'labels.queue': () => queueOf(['a', 'b']),
      'labels.add': () => {
        throw new ApiError('invalid_request', 'value: not one of the schema');
      },
      'labels.cursor': () => ({ saved: true }),
    });
    await useLabelQueueStore.getState().open(request('lib'));
    useLabelQueueStore.getState().label('maybe');
    await settled();
    await settled();
    const state = useLabelQueueStore.getState();
    expect(state.pending).toEqual({});
    expect(state.unsaved).toBe(0);
    expect(state.failed[targetKey({ kind: 'rubric', id: 'a' })]).toContain('not one of the schema');
    expect(useAppStore.getState().error).toMatchObject({ code: 'invalid_request', screen: 'labels', source: 'labels.add' });
  });

  it('says when there is nothing to undo, and flags an item before the backend answers', async () => {
    const backend = installFakeWorkbench({
      'labels.queue': () => queueOf(['a']),
      'labels.undo': () => ({ undone: null, retraction: null, current: null }),
      'labels.mark': (r) => ({ flagged: r.flagged ?? false, skipped: r.skipped ?? false }),
    });
    await useLabelQueueStore.getState().open(request('lib'));
    useLabelQueueStore.getState().toggleFlag();
    expect(useLabelQueueStore.getState().queue?.items[0]?.flagged).toBe(true);
    useLabelQueueStore.getState().undo();
    await settled();
    await settled();
    expect(useLabelQueueStore.getState().notice).toBe('Nothing to undo.');
    expect(backend.requestsOf('labels.mark')).toEqual([{ annotator: 'ana', schema: 'valid', target: { kind: 'rubric', id: 'a' }, flagged: true }]);
  });
});
