import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchBridge } from '../../../common/contract';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useLabelImportStore } from './label-import-store';
import { useLabelQueueStore } from './label-queue-store';

/** The desktop shell's way to a picked file's path; '' for a file that is not on disk. */
function withPaths(): void {
  (window.workbench as WorkbenchBridge).pathForFile = (file: File) => (file.name === 'memory.csv' ? '' : `/data/${file.name}`);
}

afterEach(() => {
  useLabelImportStore.getState().close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('label import store', () => {
  it('imports the files that have a path in one call, says which failed, and reloads the open queue when labels came in', async () => {
    const backend = installFakeWorkbench({
      'labels.import': ({ paths }) => ({
        files: paths.map((file) =>
          file.endsWith('bad.jsonl')
            ? {
                file,
                format: 'bundle' as const,
                labels: 0,
                duplicates: 0,
                error: { code: 'invalid_request' as const, message: `${file}:3: not a label record` },
              }
            : { file, format: 'bundle' as const, labels: 4, duplicates: 1, error: null },
        ),
      }),
    });
    withPaths();
    const reload = vi.spyOn(useLabelQueueStore.getState(), 'reload');
    await useLabelImportStore.getState().start([new File(['{}'], 'good.jsonl'), new File(['{}'], 'bad.jsonl'), new File(['a,b'], 'memory.csv')]);
    expect(backend.requestsOf('labels.import')).toEqual([{ paths: ['/data/good.jsonl', '/data/bad.jsonl'] }]);
    const { phase, rows } = useLabelImportStore.getState();
    expect(phase).toBe('finished');
    expect(rows?.map((r) => [r.name, r.status, r.labels])).toEqual([
      ['good.jsonl', 'ok', 4],
      ['bad.jsonl', 'failed', 0],
      ['memory.csv', 'failed', 0],
    ]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the backend nothing when no file has a path, and closes only once finished', async () => {
    const backend = installFakeWorkbench({});
    withPaths();
    const importing = useLabelImportStore.getState().start([new File(['a,b'], 'memory.csv')]);
    expect(useLabelImportStore.getState().phase).toBe('uploading');
    useLabelImportStore.getState().close();
    expect(useLabelImportStore.getState().phase).toBe('uploading');
    await importing;
    expect(backend.calls).toEqual([]);
    expect(useLabelImportStore.getState().rows?.[0]).toMatchObject({ name: 'memory.csv', status: 'failed' });
    useLabelImportStore.getState().close();
    expect(useLabelImportStore.getState()).toMatchObject({ phase: 'idle', rows: null });
  });
});
