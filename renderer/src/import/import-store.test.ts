import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchBridge } from '../../../common/contract';
import type { ImportFileResult, ImportResult } from '../../../common/corpus/corpus-types';
import { ApiError } from '../../../common/errors';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useImportStore } from './import-store';

/** The desktop shell's way to a picked file's path. */
function withPaths(): void {
  (window.workbench as WorkbenchBridge).pathForFile = (file: File) => `/data/${file.name}`;
}

/** A picked file as a browser gives it: not from a folder, so its relative path is empty. */
function picked(name: string): File {
  return Object.defineProperty(new File(['{}'], name, { lastModified: 1 }), 'webkitRelativePath', { value: '' });
}

function imported(file: string): ImportFileResult {
  return { file, format: 'bundle', rollouts: 2, steps: 30, programs: 1, failures: 0, rubrics: 0, libraries: 0, labels: 0, duplicates: 0, error: null };
}

/** An `import.files` that answers only when the test says. */
function heldImport() {
  const held: { jobId: string; answer(result: ImportResult): void; fail(err: unknown): void }[] = [];
  const answer = ({ jobId }: { jobId?: string }) =>
    new Promise<ImportResult>((resolve, reject) => held.push({ jobId: jobId ?? '', answer: resolve, fail: reject }));
  return { held, answer };
}

afterEach(() => {
  if (useImportStore.getState().phase === 'finished') useImportStore.getState().again();
  useImportStore.setState({ files: [], companions: [], open: false });
  vi.unstubAllGlobals();
});

describe('import store', () => {
  it('imports the chosen files as one job under its own id, showing its progress and each file outcome', async () => {
    const job = heldImport();
    const backend = installFakeWorkbench({ 'import.files': job.answer });
    withPaths();
    const store = useImportStore.getState();
    store.addFiles([picked('a.jsonl'), picked('b.jsonl')]);
    store.addFiles([picked('a.jsonl')]);
    expect(useImportStore.getState().files.map((f) => f.name)).toEqual(['a.jsonl', 'b.jsonl']);

    const importing = useImportStore.getState().start();
    await vi.waitFor(() => expect(job.held).toHaveLength(1));
    const jobId = job.held[0]!.jobId;
    expect(backend.requestsOf('import.files')).toEqual([{ paths: ['/data/a.jsonl', '/data/b.jsonl'], format: 'auto', jobId }]);
    backend.emit({ type: 'job:progress', jobId, kind: 'import', phase: 'running', done: 1, total: 2, message: 'imported /data/a.jsonl' });
    expect(useImportStore.getState()).toMatchObject({ phase: 'importing', progress: { done: 1, total: 2, message: 'imported a.jsonl' } });

    job.held[0]!.answer({ files: [imported('/data/a.jsonl'), imported('/data/b.jsonl')] });
    await importing;
    expect(useImportStore.getState().phase).toBe('finished');
    expect(useImportStore.getState().rows?.map((r) => [r.name, r.status, r.rollouts])).toEqual([
      ['a.jsonl', 'ok', 2],
      ['b.jsonl', 'ok', 2],
    ]);
  });

  it('cancels the running job by its id, and the dialog stays open while it runs', async () => {
    const job = heldImport();
    const backend = installFakeWorkbench({
      'import.files': job.answer,
      'jobs.cancel': ({ jobId }) => {
        job.held[0]!.fail(new ApiError('cancelled', 'import cancelled; nothing was written'));
        return { cancelled: jobId === job.held[0]!.jobId };
      },
    });
    withPaths();
    useImportStore.getState().openDialog();
    useImportStore.getState().addFiles([picked('big.jsonl')]);
    const importing = useImportStore.getState().start();
    await vi.waitFor(() => expect(job.held).toHaveLength(1));
    useImportStore.getState().close();
    expect(useImportStore.getState().open).toBe(true);

    await useImportStore.getState().cancel();
    await importing;
    expect(backend.requestsOf('jobs.cancel')).toEqual([{ jobId: job.held[0]!.jobId }]);
    expect(useImportStore.getState().rows?.[0]).toMatchObject({ name: 'big.jsonl', status: 'failed' });
  });
});
