import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useRetrievalStore } from './retrieval-store';

afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.setState({ error: null });
  useRetrievalStore.setState({ result: null, resultKey: null, loadingKey: null, refusal: null });
});

describe('retrieval store', () => {
  it('says in the panel that blind mode hides retrieval, instead of raising an error or waiting for ever', async () => {
    const backend = installFakeWorkbench({
      'retrieval.run': () => {
        throw new ApiError('forbidden', "retrieval.run: category-split retrieval shows each rubric's category", { blind: true });
      },
    });
    useRetrievalStore.getState().setLibrary('lib-a');
    useRetrievalStore.getState().run({ rollout: 'r-1', step: null });
    await settled();
    expect(backend.requestsOf('retrieval.run')).toHaveLength(1);
    expect(useRetrievalStore.getState()).toMatchObject({ loadingKey: null, result: null });
    expect(useRetrievalStore.getState().refusal).toMatch(/category-split retrieval/);
    expect(useAppStore.getState().error).toBeNull();
  });

  it('reports any other refusal as an error, and forgets a blind refusal once an answer arrives', async () => {
    installFakeWorkbench({
      'retrieval.run': () => {
        throw new ApiError('forbidden', 'retrieval.run: your role may not do this');
      },
    });
    useRetrievalStore.setState({ refusal: 'hidden' });
    useRetrievalStore.getState().setLibrary('lib-b');
    useRetrievalStore.getState().run({ rollout: 'r-2', step: null });
    await settled();
    expect(useAppStore.getState().error).toMatchObject({ code: 'forbidden' });

    const answer = { library: 'lib-c', rollout: 'r-2', step: null, slots: 12, allocation: [], rubrics: [] };
    installFakeWorkbench({ 'retrieval.run': () => answer as never });
    useRetrievalStore.getState().setLibrary('lib-c');
    await settled();
    expect(useRetrievalStore.getState()).toMatchObject({ refusal: null, result: answer });
  });

  it('shows the answer to the settings chosen last, dropping a slower answer to earlier ones', async () => {
    const held: { slots: number; answer(): void }[] = [];
    installFakeWorkbench({
      'retrieval.run': (r) =>
        new Promise((resolve) =>
          held.push({
            slots: r.slots ?? 0,
            answer: () => resolve({ library: r.library, rollout: r.rollout, step: null, slots: r.slots, allocation: [], rubrics: [] } as never),
          }),
        ),
    });
    useRetrievalStore.getState().release();
    useRetrievalStore.getState().setLibrary('lib-d');
    useRetrievalStore.getState().run({ rollout: 'r-3', step: null });
    useRetrievalStore.getState().setSlots(5);
    await settled();
    expect(held.map((h) => h.slots)).toEqual([12, 5]);
    held[1]!.answer();
    await settled();
    held[0]!.answer();
    await settled();
    expect(useRetrievalStore.getState()).toMatchObject({ loadingKey: null, result: { slots: 5 } });
    useRetrievalStore.getState().setSlots(12);
  });
});
