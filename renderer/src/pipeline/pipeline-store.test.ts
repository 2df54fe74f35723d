import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../common/contract';
import { ApiError } from '../../../common/errors';
import type { ModelRequestPage } from '../../../common/model/model-types';
import type { PipelineRunDetail, PipelineRunSummary } from '../../../common/pipeline/pipeline-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { ledgerPageSize, usePipelineStore } from './pipeline-store';

const initial = usePipelineStore.getState();

afterEach(() => {
  usePipelineStore.setState(initial, true);
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('pipeline store', () => {
  it('shows the ledger page asked for last, dropping a slower answer for the filter left', async () => {
    const held: { request: RequestOf<'ledger.list'>; answer(): void }[] = [];
    installFakeWorkbench({
      'ledger.list': (request) =>
        new Promise<ModelRequestPage>((resolve) =>
          held.push({ request, answer: () => resolve({ total: 1, offset: request.offset ?? 0, costUsd: 0, rows: [] } as ModelRequestPage) }),
        ),
    });
    usePipelineStore.getState().setLedgerOffset(50);
    usePipelineStore.getState().setLedgerFilters({ status: 'failed' });
    await settled();
    expect(held.map((h) => h.request)).toEqual([
      { offset: 50, limit: ledgerPageSize },
      { offset: 0, limit: ledgerPageSize, status: 'failed' },
    ]);
    held[1]!.answer();
    await settled();
    held[0]!.answer();
    await settled();
    expect(usePipelineStore.getState().ledger?.offset).toBe(0);
  });

  it("remembers a started run's job for Cancel, and keeps a replay that cannot run beside its run", async () => {
    const running = { id: 'p-1', kind: 'mine', status: 'running' } as unknown as PipelineRunSummary;
    const backend = installFakeWorkbench({
      'pipeline.mine': () => ({ jobId: 'job-1', run: { id: 'p-1' } as PipelineRunDetail }),
      'pipeline.list': () => [running],
      'pipeline.replay': () => {
        throw new ApiError('invalid_request', 'pipeline.replay: 2 answers are not in the ledger');
      },
      'jobs.cancel': () => ({ cancelled: true }),
    });
    await usePipelineStore.getState().start({ op: 'pipeline.mine', request: {} as RequestOf<'pipeline.mine'> });
    expect(usePipelineStore.getState()).toMatchObject({ jobOf: { 'p-1': 'job-1' }, runs: [running] });
    // The job is known: the run list asks for no detail to find it.
    expect(backend.requestsOf('pipeline.get')).toEqual([]);

    await usePipelineStore.getState().cancel('p-1');
    expect(backend.requestsOf('jobs.cancel')).toEqual([{ jobId: 'job-1' }]);

    await usePipelineStore.getState().replay('p-1');
    expect(usePipelineStore.getState().replays['p-1']).toEqual({ loading: false, report: null, error: 'pipeline.replay: 2 answers are not in the ledger' });
    expect(useAppStore.getState().error).toBeNull();
  });
});
