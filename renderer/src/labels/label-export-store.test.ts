import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../common/errors';
import { installFakeWorkbench } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useLabelExportStore } from './label-export-store';

afterEach(() => {
  useLabelExportStore.setState({ open: false, phase: 'choosing', result: null, error: null });
  useAppStore.setState({ info: null });
  vi.unstubAllGlobals();
});

describe('label export store', () => {
  it("exports the chosen labels into the corpus's exports folder, and keeps the dialog open until it is written", async () => {
    let written: (() => void) | null = null;
    const backend = installFakeWorkbench({
      'app.info': () => ({ appVersion: '1', dbPath: '/data/corpus.db', schemaVersion: 30, shell: 'electron' }),
      'labels.export': ({ format }) =>
        new Promise((resolve) => (written = () => resolve({ path: '/data/exports/labels.csv', format: format ?? 'bundle', records: 7, renamedFrom: null }))),
    });
    useLabelExportStore.getState().openDialog({ schema: 'valid', annotator: 'ana' });
    useLabelExportStore.getState().choose({ format: 'csv' });
    const exporting = useLabelExportStore.getState().start();
    await vi.waitFor(() => expect(written).not.toBeNull());
    useLabelExportStore.getState().close();
    useLabelExportStore.getState().choose({ format: 'bundle' });
    expect(useLabelExportStore.getState()).toMatchObject({ open: true, phase: 'exporting', format: 'csv' });
    written!();
    await exporting;
    expect(backend.requestsOf('labels.export')).toEqual([{ format: 'csv', schema: 'valid', annotator: 'ana' }]);
    // The desktop app wrote the file where the user can open it: nothing to download.
    expect(useLabelExportStore.getState()).toMatchObject({ phase: 'finished', downloads: false, result: { records: 7 } });
  });

  it('goes back to the choices with the reason when the export is refused', async () => {
    installFakeWorkbench({
      'labels.export': () => {
        throw new ApiError('not_found', 'labels.export: no label schema nope');
      },
    });
    useAppStore.setState({ info: { appVersion: '1', dbPath: '/data/corpus.db', schemaVersion: 30, shell: 'electron' } });
    useLabelExportStore.getState().openDialog({ schema: 'nope', annotator: null });
    await useLabelExportStore.getState().start();
    expect(useLabelExportStore.getState()).toMatchObject({ phase: 'choosing', error: { code: 'not_found' } });
  });
});
