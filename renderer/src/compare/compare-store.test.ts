import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgramContent, RolloutDetail, StepRow } from '../../../common/corpus/corpus-types';
import { ApiError } from '../../../common/errors';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useCompareStore } from './compare-store';

const initial = useCompareStore.getState();

afterEach(() => {
  useCompareStore.setState(initial, true);
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('compare store', () => {
  it('fetches a rollout once for both sides that ask at the same time, keeps it, and fetches again after invalidate', async () => {
    const backend = installFakeWorkbench({
      'rollouts.get': ({ id }) => {
        if (id === 'gone') throw new ApiError('not_found', 'rollouts.get: no rollout gone');
        return { id } as RolloutDetail;
      },
      'steps.list': ({ rollout }) => [{ rollout } as unknown as StepRow],
    });
    const [a, b] = await Promise.all([useCompareStore.getState().loadRollout('r-1'), useCompareStore.getState().loadRollout('r-1')]);
    expect(a).toEqual({ value: { detail: { id: 'r-1' }, steps: [{ rollout: 'r-1' }] } });
    expect(b).toBe(a);
    await useCompareStore.getState().loadRollout('r-1');
    expect(backend.requestsOf('rollouts.get')).toHaveLength(1);

    useCompareStore.getState().invalidate();
    await useCompareStore.getState().loadRollout('r-1');
    expect(backend.requestsOf('rollouts.get')).toHaveLength(2);

    // A rollout that cannot be had says why beside its picker, not in the error banner.
    expect(await useCompareStore.getState().loadRollout('gone')).toEqual({ error: 'rollouts.get: no rollout gone' });
    expect(useAppStore.getState().error).toBeNull();
  });

  it('fetches a program version once for both sides that ask at the same time, and keeps it', async () => {
    const backend = installFakeWorkbench({
      'programs.get': ({ path }) => ({ path, content: 'print(1)' }) as unknown as ProgramContent,
    });
    const side = { rollout: 'r-1', path: 'a.py', version: 2 };
    await Promise.all([useCompareStore.getState().loadProgram(side), useCompareStore.getState().loadProgram(side)]);
    expect(backend.requestsOf('programs.get')).toEqual([side]);
    expect(Object.values(useCompareStore.getState().programs)).toEqual([{ value: { path: 'a.py', content: 'print(1)' } }]);
    await useCompareStore.getState().loadProgram(side);
    expect(backend.requestsOf('programs.get')).toHaveLength(1);
  });
});
