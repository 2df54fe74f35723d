import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepRow } from '../../../common/corpus/corpus-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { stepAt, stepPageSize, useRolloutComparisonStore } from './rollout-comparison-store';

afterEach(() => {
  useRolloutComparisonStore.setState({ steps: {}, marked: null });
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('rollout comparison store', () => {
  it("fetches each side's steps a page at a time as rows come into view, and again after the corpus changed", async () => {
    const backend = installFakeWorkbench({
      'steps.list': ({ rollout, offset = 0, limit = 0 }) => Array.from({ length: limit }, (_, i) => ({ rollout, index: offset + i }) as unknown as StepRow),
    });
    const store = useRolloutComparisonStore.getState();
    store.ensureSteps('r-a', 500, 0, 40);
    store.ensureSteps('r-a', 500, 10, 50);
    store.ensureSteps('r-b', 300, 190, 210);
    await settled();
    expect(backend.requestsOf('steps.list')).toEqual([
      { rollout: 'r-a', offset: 0, limit: stepPageSize },
      { rollout: 'r-b', offset: 0, limit: stepPageSize },
      { rollout: 'r-b', offset: 200, limit: stepPageSize },
    ]);
    const rows = useRolloutComparisonStore.getState().steps;
    expect(stepAt(rows['r-b'], 205)).toMatchObject({ rollout: 'r-b', index: 205 });
    expect(stepAt(rows['r-a'], 250)).toBeUndefined();

    useRolloutComparisonStore.getState().invalidate();
    expect(stepAt(useRolloutComparisonStore.getState().steps['r-a'], 5)).toBeUndefined();
    useRolloutComparisonStore.getState().ensureSteps('r-a', 500, 0, 40);
    await settled();
    expect(backend.requestsOf('steps.list')).toHaveLength(4);
    expect(stepAt(useRolloutComparisonStore.getState().steps['r-a'], 5)).toMatchObject({ index: 5 });
  });

  it('remembers the rollout marked to compare with the next one', () => {
    useRolloutComparisonStore.getState().mark('r-1');
    expect(useRolloutComparisonStore.getState().marked).toBe('r-1');
    useRolloutComparisonStore.getState().mark(null);
    expect(useRolloutComparisonStore.getState().marked).toBeNull();
  });
});
