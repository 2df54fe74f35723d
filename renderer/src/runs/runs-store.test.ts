import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import type { ExperimentComparison, ExperimentDetail } from '../../../common/runs/run-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { comparisonKey, useRunsStore } from './runs-store';

const initial = useRunsStore.getState();

/** Answers that wait for the test, by what they were asked for. */
function held<T>() {
  const waiting: Record<string, (value: T) => void> = {};
  return { waiting, answer: (key: string) => new Promise<T>((resolve) => (waiting[key] = resolve)) };
}

afterEach(() => {
  useRunsStore.setState(initial, true);
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('runs store', () => {
  it('shows the experiment opened last, and says when one is not in the corpus', async () => {
    const details = held<ExperimentDetail>();
    installFakeWorkbench(
      {
        'experiments.get': ({ id }) => {
          if (id === 'gone') throw new ApiError('not_found', 'experiments.get: no experiment gone');
          return details.answer(id);
        },
      },
      '#/runs',
    );
    const first = useRunsStore.getState().open('e-old');
    const second = useRunsStore.getState().open('e-new');
    await settled();
    details.waiting['e-new']!({ id: 'e-new', attempts: [] } as unknown as ExperimentDetail);
    details.waiting['e-old']!({ id: 'e-old', attempts: [] } as unknown as ExperimentDetail);
    await Promise.all([first, second]);
    expect(useRunsStore.getState()).toMatchObject({ openId: 'e-new', detail: { id: 'e-new' }, missing: false });

    await useRunsStore.getState().open('gone');
    expect(useRunsStore.getState()).toMatchObject({ openId: 'gone', detail: null, missing: true });
    expect(useAppStore.getState().error).toBeNull();
  });

  it('shows the comparison asked last, and drops one of an experiment left', async () => {
    const comparisons = held<ExperimentComparison>();
    installFakeWorkbench({
      'experiments.get': ({ id }) => ({ id, attempts: [] }) as unknown as ExperimentDetail,
      'experiments.compare': ({ experiment, a, b }) => comparisons.answer(comparisonKey(experiment, a, b)),
    });
    await useRunsStore.getState().open('e-1');
    const slow = useRunsStore.getState().compare('a', 'b');
    const fast = useRunsStore.getState().compare('a', 'c');
    await settled();
    comparisons.waiting[comparisonKey('e-1', 'a', 'c')]!({ n: 2 } as unknown as ExperimentComparison);
    comparisons.waiting[comparisonKey('e-1', 'a', 'b')]!({ n: 1 } as unknown as ExperimentComparison);
    await Promise.all([slow, fast]);
    expect(useRunsStore.getState().comparison).toEqual({ key: comparisonKey('e-1', 'a', 'c'), value: { n: 2 }, loading: false, error: null });

    const left = useRunsStore.getState().compare('a', 'd');
    await settled();
    await useRunsStore.getState().open('e-2');
    comparisons.waiting[comparisonKey('e-1', 'a', 'd')]!({ n: 3 } as unknown as ExperimentComparison);
    await left;
    expect(useRunsStore.getState().comparison).toBeNull();
  });
});
