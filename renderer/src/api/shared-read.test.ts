import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibrarySummary } from '../../../common/rubrics/rubric-types';
import { ApiError } from '../../../common/errors';
import { installFakeWorkbench, settled } from './fake-workbench';
import { prefetchRead, sharedRead } from './shared-read';

afterEach(() => vi.unstubAllGlobals());

describe('a read asked for on navigation and again by its view', () => {
  it('is joined while on its way, taken once when it came first, and asked afresh after that', async () => {
    let answer: (value: LibrarySummary[]) => void = () => undefined;
    const fake = installFakeWorkbench({ 'libraries.list': () => new Promise<LibrarySummary[]>((resolve) => (answer = resolve)) });
    prefetchRead('libraries.list', {});
    const joined = sharedRead('libraries.list', {});
    await settled();
    expect(fake.requestsOf('libraries.list')).toHaveLength(1);
    answer([]);
    expect(await joined).toEqual([]);

    prefetchRead('libraries.list', {});
    await settled();
    answer([]);
    await settled();
    expect(await sharedRead('libraries.list', {})).toEqual([]);
    expect(fake.requestsOf('libraries.list')).toHaveLength(2);
    void sharedRead('libraries.list', {});
    await settled();
    expect(fake.requestsOf('libraries.list')).toHaveLength(3);
  });

  it('drops an answer that came first once a write is reported, so the view asks afresh', async () => {
    const fake = installFakeWorkbench({ 'libraries.list': () => [] });
    prefetchRead('libraries.list', {});
    await settled();
    fake.emit({ type: 'db:changed', tables: ['libraries'] });
    await sharedRead('libraries.list', {});
    expect(fake.requestsOf('libraries.list')).toHaveLength(2);
  });

  it('leaves a failed prefetch to the view that joins it, and asks again after it', async () => {
    const fake = installFakeWorkbench({
      'rubrics.get': ({ id }) => {
        throw new ApiError('not_found', `rubric ${id} is not in this corpus`);
      },
    });
    prefetchRead('rubrics.get', { id: 'rb-404' });
    await expect(sharedRead('rubrics.get', { id: 'rb-404' })).rejects.toThrow('rubric rb-404 is not in this corpus');
    await expect(sharedRead('rubrics.get', { id: 'rb-404' })).rejects.toMatchObject({ code: 'not_found' });
    expect(fake.requestsOf('rubrics.get')).toHaveLength(2);
  });
});
