import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RolloutDetail, StepDetail, StepRow } from '../../../common/corpus/corpus-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useRolloutStore } from './rollout-store';

const initial = useRolloutStore.getState();

function rows(rollout: string, count: number, from = 0): StepRow[] {
  return Array.from({ length: count }, (_, i) => ({ rollout, index: from + i }) as unknown as StepRow);
}

/** A backend whose `rollouts.get` answers only when the test says, by rollout id. */
function heldRollouts() {
  const held: Record<string, () => void> = {};
  // Opening a rollout marks the page ready for the e2e tests, on the document.
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
  const backend = installFakeWorkbench({
    'rollouts.get': ({ id }) => new Promise<RolloutDetail>((resolve) => (held[id] = () => resolve({ id } as RolloutDetail))),
    'steps.list': ({ rollout, offset = 0, limit }) => rows(rollout, limit ?? 50, offset),
    'steps.get': ({ rollout, index }) => ({ rollout, index }) as unknown as StepDetail,
  });
  return { held, backend };
}

afterEach(() => {
  useRolloutStore.setState(initial, true);
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('rollout store', () => {
  it('shows the rollout opened last, dropping a slower answer for one left', async () => {
    const { held } = heldRollouts();
    const first = useRolloutStore.getState().open('r-old');
    const second = useRolloutStore.getState().open('r-new');
    await settled();
    held['r-new']!();
    held['r-old']!();
    await Promise.all([first, second]);
    expect(useRolloutStore.getState()).toMatchObject({ rolloutId: 'r-new', detail: { id: 'r-new' }, failed: false });
    expect(useRolloutStore.getState().steps?.every((s) => (s as unknown as { rollout: string }).rollout === 'r-new')).toBe(true);
  });

  it("fetches a long rollout's remaining rows after the first page, and drops a step detail of a rollout left", async () => {
    const { held, backend } = heldRollouts();
    const opening = useRolloutStore.getState().open('r-long');
    await settled();
    held['r-long']!();
    await opening;
    expect(backend.requestsOf('steps.list')).toEqual([
      { rollout: 'r-long', limit: 200 },
      { rollout: 'r-long', offset: 200 },
    ]);
    expect(useRolloutStore.getState().steps).toHaveLength(250);

    const step = useRolloutStore.getState().loadStep(3);
    void useRolloutStore.getState().open('r-next');
    await step;
    expect(useRolloutStore.getState().stepDetails).toEqual({});
  });
});
