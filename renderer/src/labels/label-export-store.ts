/**
 * The label export's slice: which labels (format, schema, annotator), the file the backend
 * wrote to the exports folder beside the corpus, and in serve mode its download into the
 * browser, which cannot read the server's disk.
 */
import { create } from 'zustand';
import { toErrorData, type ApiErrorData } from '../../../common/errors';
import type { LabelExportResult } from '../../../common/labels/labels';
import { api } from '../api/bridge';
import { downloadExport } from '../api/download';
import { useAppStore } from '../app-state/app-store';

export type LabelExportFormat = LabelExportResult['format'];

/** The filters the dialog opens with: the Labels screen's schema and annotator. */
export interface LabelExportFilters {
  schema: string | null;
  annotator: string | null;
}

interface LabelExportState extends LabelExportFilters {
  open: boolean;
  format: LabelExportFormat;
  phase: 'choosing' | 'exporting' | 'finished';
  result: LabelExportResult | null;
  /** Whether the file comes to this browser too (serve mode). */
  downloads: boolean;
  /** The name the browser saved the file under, once it has. */
  downloaded: string | null;
  /** Why the export or its download failed. */
  error: ApiErrorData | null;
  openDialog(filters: LabelExportFilters): void;
  /** Closes the dialog, unless the export is being written. */
  close(): void;
  choose(change: Partial<LabelExportFilters & { format: LabelExportFormat }>): void;
  start(): Promise<void>;
  /** Downloads the written file (again) into the browser. */
  download(): Promise<void>;
}

/** The label export slice. */
export const useLabelExportStore = create<LabelExportState>()((set, get) => ({
  open: false,
  format: 'bundle',
  schema: null,
  annotator: null,
  phase: 'choosing',
  result: null,
  downloads: false,
  downloaded: null,
  error: null,
  openDialog(filters) {
    set({ open: true, ...filters, phase: 'choosing', result: null, downloaded: null, error: null });
  },
  close() {
    if (get().phase !== 'exporting') set({ open: false });
  },
  choose(change) {
    if (get().phase === 'choosing') set({ ...change, error: null });
  },
  async start() {
    const { format, schema, annotator, phase } = get();
    if (phase !== 'choosing') return;
    set({ phase: 'exporting', error: null });
    try {
      const shell = useAppStore.getState().info?.shell ?? (await api('app.info', {})).shell;
      // No `out`: the backend picks a new file in the corpus's exports folder, the one folder serve mode lets a browser download from.
      const result = await api('labels.export', { format, schema: schema ?? undefined, annotator: annotator ?? undefined });
      set({ phase: 'finished', result, downloads: shell === 'serve' });
    } catch (err) {
      set({ phase: 'choosing', error: toErrorData(err) });
      return;
    }
    if (get().downloads) await get().download();
  },
  async download() {
    const { result } = get();
    if (!result) return;
    set({ error: null });
    try {
      set({ downloaded: await downloadExport(result.path) });
    } catch (err) {
      set({ error: toErrorData(err) });
    }
  },
}));
