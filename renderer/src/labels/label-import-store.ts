/**
 * The label import's slice: label files picked on the Labels screen get a path the backend can
 * read (their own in the desktop app, an uploaded copy in a browser), then one `labels.import`
 * imports each of them whole or not at all. It shows the upload's progress and each file's
 * outcome; the import itself is one call, small label files need no job to cancel.
 */
import { create } from 'zustand';
import { toErrorData } from '../../../common/errors';
import { api, workbench } from '../api/bridge';
import { pathForImport } from '../api/upload';
import { labelImportRows, type LabelImportRow } from './label-import-rows';
import { importSummary, type Prepared } from '../lib/import-results';
import type { ImportProgress } from '../import';
import { useLabelQueueStore } from './label-queue-store';

/** No import (the dialog is closed), files on their way, the import call, or the outcome. */
export type LabelImportPhase = 'idle' | 'uploading' | 'importing' | 'finished';

interface LabelImportState {
  phase: LabelImportPhase;
  progress: ImportProgress;
  rows: LabelImportRow[] | null;
  /** Imports `files`, unless an import is running; opens the dialog. */
  start(files: readonly File[]): Promise<void>;
  /** Closes the dialog, unless an import is running. */
  close(): void;
}

/** True while files are on their way or being imported. */
export function isImportingLabels(phase: LabelImportPhase): boolean {
  return phase === 'uploading' || phase === 'importing';
}

const idle = { phase: 'idle' as const, rows: null, progress: { done: 0, total: 0, message: '' } };

/** The label import slice. */
export const useLabelImportStore = create<LabelImportState>()((set, get) => ({
  ...idle,
  async start(chosen) {
    const files = [...chosen];
    if (files.length === 0 || isImportingLabels(get().phase)) return;
    const names = files.map((f) => f.name);
    const verb = workbench().pathForFile ? 'Reading' : 'Uploading';
    set({ phase: 'uploading', rows: null });
    // A file that cannot be read or uploaded fails alone; the others still import.
    const prepared: Prepared[] = [];
    for (const [i, file] of files.entries()) {
      set({ progress: { done: i, total: files.length, message: `${verb} ${file.name}` } });
      try {
        prepared.push({ path: await pathForImport(file) });
      } catch (err) {
        prepared.push({ error: toErrorData(err) });
      }
    }
    const paths = prepared.flatMap((p) => ('path' in p ? [p.path] : []));
    let rows: LabelImportRow[];
    if (paths.length === 0) rows = labelImportRows(names, prepared, []);
    else {
      set({ phase: 'importing', progress: { done: files.length - paths.length, total: files.length, message: 'Waiting for the corpus…' } });
      try {
        rows = labelImportRows(names, prepared, (await api('labels.import', { paths })).files);
      } catch (err) {
        rows = labelImportRows(names, prepared, [], toErrorData(err));
      }
      // Labels from elsewhere change the queue on screen: the others' progress, even this annotator's own labels.
      if (rows.some((r) => r.labels > 0)) void useLabelQueueStore.getState().reload();
    }
    set({ phase: 'finished', rows, progress: { done: files.length, total: files.length, message: importSummary(rows) } });
  },
  close() {
    if (!isImportingLabels(get().phase)) set(idle);
  },
}));
