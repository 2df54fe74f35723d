import { describe, expect, it } from 'vitest';
import { operations } from '../../../common/contract';
import { draftErrors, draftRequest, emptyDraft } from './new-run-request';

describe('the Start a run form as data', () => {
  it('starts every kind with nothing to fix but what it requires', () => {
    expect(draftErrors(emptyDraft('mine'))).toEqual({});
    expect(draftErrors(emptyDraft('quota'))).toEqual({ targetSize: 'the size of the library to build' });
    expect(draftErrors(emptyDraft('filtered'))).toEqual({ from: 'the library to cut' });
  });

  it('names what is wrong with each field it shows', () => {
    const draft = { ...emptyDraft('quota'), targetSize: '2.5', maxUsd: '0', maxRequests: '-3', model: 'claude sonnet' };
    expect(draftErrors(draft)).toEqual({
      targetSize: 'a whole number',
      maxUsd: 'more than $0',
      maxRequests: 'a whole number',
      model: 'a model id: no spaces, at most 128 characters',
    });
    expect(draftErrors({ ...emptyDraft('mine'), maxPerRollout: '21' })).toEqual({ maxPerRollout: 'from 1 to 20' });
    // A Filtered cut calls no model: its model fields are not checked.
    expect(draftErrors({ ...emptyDraft('filtered'), from: 'lib', model: '', maxUsd: 'x' })).toEqual({});
  });

  it('makes requests the contract accepts, without waiting, with the job id given', () => {
    const quota = draftRequest({ ...emptyDraft('quota'), targetSize: ' 24 ', collection: 'pool', maxUsd: '2.5', maxRequests: '40' }, 'job-1');
    expect(quota).toEqual({
      op: 'pipeline.curate',
      request: {
        method: 'quota',
        targetSize: 24,
        collection: 'pool',
        model: 'claude-sonnet-5',
        limits: { maxUsd: 2.5, maxRequests: 40 },
        wait: false,
        jobId: 'job-1',
      },
    });
    const mine = draftRequest(emptyDraft('mine'), 'job-2');
    expect(mine.request).toEqual({ maxPerRollout: 6, model: 'claude-sonnet-5', limits: {}, wait: false, jobId: 'job-2' });
    const filtered = draftRequest({ ...emptyDraft('filtered'), from: 'whole-rollout-pool' }, 'job-3');
    expect(filtered.request).toEqual({ method: 'filtered', from: 'whole-rollout-pool', wait: false, jobId: 'job-3' });
    for (const { op, request } of [quota, mine, filtered]) expect(operations[op].request.safeParse(request).success).toBe(true);
  });
});
