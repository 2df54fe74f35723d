import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import type { VerdictRow } from '../../../common/pipeline/pipeline-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useVerdictStore, verdictKey, type VerdictTarget } from './verdict-store';

function verdict(id: number, rubric: string, createdAt: string): VerdictRow {
  return { id, rubric, createdAt } as VerdictRow;
}

const target: VerdictTarget = { rollout: 'r-1', step: 4, library: 'lib-a' };

afterEach(() => {
  useVerdictStore.setState({ byKey: {}, judges: {} });
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('verdict store', () => {
  it("groups each rubric's verdicts newest first, fetched once per target, and again after a write that came while one was in flight", async () => {
    let rows = [verdict(1, 'rb-1', '2026-01-01'), verdict(2, 'rb-1', '2026-02-01'), verdict(3, 'rb-2', '2026-01-01')];
    let answer: (() => void) | null = null;
    const backend = installFakeWorkbench({
      'verdicts.list': () =>
        new Promise<VerdictRow[]>((resolve) => {
          const now = rows;
          answer = () => resolve(now);
        }),
    });
    useVerdictStore.getState().load(target);
    useVerdictStore.getState().load(target);
    await settled();
    expect(backend.requestsOf('verdicts.list')).toEqual([{ rollout: 'r-1', library: 'lib-a', step: 4 }]);

    // Verdicts are written while the first fetch is on its way: its answer may predate them.
    rows = [...rows, verdict(4, 'rb-2', '2026-03-01')];
    useVerdictStore.getState().refresh();
    answer!();
    await settled();
    expect(backend.requestsOf('verdicts.list')).toHaveLength(2);
    answer!();
    await settled();
    const shown = useVerdictStore.getState().byKey[verdictKey(target)]!;
    expect(shown['rb-1']!.map((v) => v.id)).toEqual([2, 1]);
    expect(shown['rb-2']!.map((v) => v.id)).toEqual([4, 3]);
  });

  it('says on the panel why a judge run could not start', async () => {
    installFakeWorkbench({
      'pipeline.judge': () => {
        throw new ApiError('unavailable', 'pipeline.judge: no model API key is set');
      },
    });
    await useVerdictStore.getState().judge(target, { collection: null, slots: 12, protect: {} });
    expect(useVerdictStore.getState().judges[verdictKey(target)]).toMatchObject({ status: 'refused', message: 'pipeline.judge: no model API key is set' });
    expect(useAppStore.getState().error).toBeNull();
  });
});
