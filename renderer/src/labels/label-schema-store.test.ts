import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import type { LabelSchema } from '../../../common/labels/label-schema';
import type { LibrarySummary } from '../../../common/rubrics/rubric-types';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useLabelSchemaStore } from './label-schema-store';

const schema = (name: string, version: number) => ({ name, version }) as LabelSchema;
const library = (id: string) => ({ id }) as LibrarySummary;

afterEach(() => {
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('label schema store', () => {
  it('fetches the schemas and libraries once for every picker, and again on refresh after a schema is saved', async () => {
    let schemas = [schema('valid', 1)];
    const backend = installFakeWorkbench({ 'labels.schemas': () => schemas, 'libraries.list': () => [library('lib-a')] });
    await Promise.all([useLabelSchemaStore.getState().load(), useLabelSchemaStore.getState().load()]);
    expect(backend.requestsOf('labels.schemas')).toHaveLength(1);
    expect(useLabelSchemaStore.getState()).toMatchObject({ schemas: [{ name: 'valid', version: 1 }], libraries: [{ id: 'lib-a' }] });

    schemas = [schema('valid', 2)];
    await useLabelSchemaStore.getState().refresh();
    expect(useLabelSchemaStore.getState().schemas).toEqual([{ name: 'valid', version: 2 }]);
  });

  it('keeps what it had when a fetch fails, and says why in the error banner', async () => {
    installFakeWorkbench({
      'labels.schemas': () => [schema('other', 1)],
      'libraries.list': () => {
        throw new ApiError('unavailable', 'libraries.list: the worker is restarting');
      },
    });
    const before = useLabelSchemaStore.getState().schemas;
    await useLabelSchemaStore.getState().refresh();
    expect(useLabelSchemaStore.getState().schemas).toBe(before);
    expect(useAppStore.getState().error).toMatchObject({ code: 'unavailable' });
  });
});
