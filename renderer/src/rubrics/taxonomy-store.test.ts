import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import type { Taxonomy } from '../../../common/rubrics/rubric-types';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useTaxonomyStore } from './taxonomy-store';

function taxonomyOf(version: string, names: Record<string, string>): Taxonomy {
  return { version, categories: Object.entries(names).map(([code, name]) => ({ code, name, family: 'error', guideline: null })) };
}

afterEach(() => {
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('taxonomy store', () => {
  it('fetches the taxonomy once for every view that names a category, and again on refresh after a save', async () => {
    let stored = taxonomyOf('v1', { OOM: 'Out of memory' });
    const backend = installFakeWorkbench({ 'taxonomy.get': () => stored });
    await Promise.all([useTaxonomyStore.getState().load(), useTaxonomyStore.getState().load()]);
    expect(backend.requestsOf('taxonomy.get')).toHaveLength(1);
    expect(useTaxonomyStore.getState().byCode.OOM?.name).toBe('Out of memory');

    stored = taxonomyOf('v2', { OOM: 'Ran out of memory', TIMEOUT: 'Timed out' });
    await useTaxonomyStore.getState().refresh();
    await useTaxonomyStore.getState().load();
    expect(backend.requestsOf('taxonomy.get')).toHaveLength(2);
    expect(useTaxonomyStore.getState().taxonomy?.version).toBe('v2');
    expect(Object.keys(useTaxonomyStore.getState().byCode)).toEqual(['OOM', 'TIMEOUT']);
  });

  it('shows a failed fetch in the error banner and keeps the taxonomy it had', async () => {
    installFakeWorkbench({
      'taxonomy.get': () => {
        throw new ApiError('unavailable', 'taxonomy.get: the worker is restarting');
      },
    });
    const before = useTaxonomyStore.getState().taxonomy;
    await useTaxonomyStore.getState().refresh();
    expect(useTaxonomyStore.getState().taxonomy).toBe(before);
    expect(useAppStore.getState().error).toMatchObject({ code: 'unavailable' });
  });
});
