/**
 * The import dialog's slice: the chosen files and format, the running job, and each file's
 * outcome. One import runs at a time; its job id is made here so Cancel works at once.
 */
import { create } from 'zustand';
import type { importFormats } from '../../../common/corpus/import-formats';
import { toErrorData } from '../../../common/errors';
import { api, onWorkbenchEvent, workbench } from '../api/bridge';
import { pathForImport, uploadFile } from '../api/upload';
import { chosenName, companionsOf, FolderUploads, splitFolder, withFolderHint } from './chosen-folder';
import { importRows, importSummary, withFileNames, type ImportRow, type Prepared } from '../lib/import-results';
import { reportError } from '../app-state/app-store';

export type ImportFormat = (typeof importFormats)[number];

/** Choosing files, getting them to the backend, importing them, or showing the outcome. */
export type ImportPhase = 'choosing' | 'uploading' | 'importing' | 'finished';

/** Files done of a total, and what is happening now. */
export interface ImportProgress {
  done: number;
  total: number;
  message: string;
}

interface ImportState {
  open: boolean;
  files: File[];
  /** Files of chosen folders that are not imported but travel with their runs (the programs a journal names). */
  companions: File[];
  format: ImportFormat;
  phase: ImportPhase;
  progress: ImportProgress;
  rows: ImportRow[] | null;
  /** Set once Cancel is pressed, until the job answers. */
  cancelling: boolean;
  openDialog(): void;
  /** Closes the dialog, unless an import is running. */
  close(): void;
  addFiles(files: readonly File[]): void;
  /** Adds a chosen folder: its run files to import, the rest to travel with them. */
  addFolder(files: readonly File[]): void;
  removeFile(index: number): void;
  setFormat(format: ImportFormat): void;
  start(): Promise<void>;
  cancel(): Promise<void>;
  /** Back to choosing files after an import finished. */
  again(): void;
}

/** True while files are on their way or being imported. */
export function isRunning(phase: ImportPhase): boolean {
  return phase === 'uploading' || phase === 'importing';
}

const cancelAttempts = 5;
const cancelRetryMs = 200;

let running: { jobId: string; controller: AbortController } | null = null;
const idle = { phase: 'choosing' as const, files: [], companions: [], rows: null, cancelling: false, progress: { done: 0, total: 0, message: '' } };

/** The import slice. */
export const useImportStore = create<ImportState>()((set, get) => {
  /** Gets each file to a path the backend can read; a file that cannot be read fails alone. */
  async function prepare(files: File[], signal: AbortSignal): Promise<Prepared[]> {
    const serve = !workbench().pathForFile;
    const verb = serve ? 'Uploading' : 'Reading';
    const prepared: Prepared[] = [];
    // The desktop app reads a folder's files where they are; a browser sends them first.
    const companions = serve ? companionsOf(files, get().companions) : [];
    const total = companions.length + files.length;
    const folders = new FolderUploads();
    await folders.sendCompanions(
      companions,
      (file, folder) => uploadFile(file, signal, folder),
      (file, i) => set({ progress: { done: i, total, message: `Uploading ${chosenName(file)}` } }),
    );
    for (const [i, file] of files.entries()) {
      set({ progress: { done: companions.length + i, total, message: `${verb} ${chosenName(file)}` } });
      const folderError = folders.errorOf(file);
      if (folderError) {
        prepared.push({ error: folderError });
        continue;
      }
      try {
        prepared.push({ path: await pathForImport(file, signal, folders.idOf(file)) });
      } catch (err) {
        prepared.push({ error: toErrorData(err) });
      }
    }
    return prepared;
  }

  /** Cancelled before the import call: nothing is imported, including files already uploaded. */
  function cancelledBeforeImport(files: File[]): Prepared[] {
    return files.map((file) => ({ error: { code: 'cancelled', message: `${chosenName(file)}: cancelled before import; nothing was written` } }));
  }

  return {
    open: false,
    format: 'auto',
    ...idle,
    openDialog() {
      set({ open: true });
    },
    close() {
      const { phase } = get();
      if (isRunning(phase)) return;
      set({ open: false, ...(phase === 'finished' ? idle : {}) });
    },
    addFiles(files) {
      const known = new Set(get().files.map((f) => `${chosenName(f)}:${f.size}:${f.lastModified}`));
      const fresh = files.filter((f) => !known.has(`${chosenName(f)}:${f.size}:${f.lastModified}`));
      if (fresh.length > 0 && get().phase === 'choosing') set((s) => ({ files: [...s.files, ...fresh] }));
    },
    addFolder(files) {
      if (get().phase !== 'choosing') return;
      const { runs, companions } = splitFolder(files);
      const known = new Set(get().companions.map(chosenName));
      set((s) => ({ companions: [...s.companions, ...companions.filter((f) => !known.has(chosenName(f)))] }));
      get().addFiles(runs);
    },
    removeFile(index) {
      set((s) => ({ files: s.files.filter((_, i) => i !== index) }));
    },
    setFormat(format) {
      set({ format });
    },
    async start() {
      const { files, format, phase } = get();
      if (files.length === 0 || phase !== 'choosing' || running) return;
      const job = { jobId: crypto.randomUUID(), controller: new AbortController() };
      running = job;
      set({ phase: 'uploading', cancelling: false, rows: null });
      const names = files.map(chosenName);
      let prepared = await prepare(files, job.controller.signal);
      if (job.controller.signal.aborted) prepared = cancelledBeforeImport(files);
      const paths = prepared.flatMap((p) => ('path' in p ? [p.path] : []));
      const pairs = prepared.flatMap((p, i) => ('path' in p ? [{ path: p.path, name: names[i]! }] : []));
      let rows: ImportRow[];
      if (paths.length === 0) rows = importRows(names, prepared, []);
      else {
        set({ phase: 'importing', progress: { done: 0, total: paths.length, message: 'Waiting for the corpus…' } });
        const unsubscribe = onWorkbenchEvent((event) => {
          if (event.type !== 'job:progress' || event.jobId !== job.jobId) return;
          const message = withFileNames(event.message, pairs);
          set({ progress: { done: event.done, total: event.total ?? paths.length, message } });
        });
        try {
          const result = await api('import.files', { paths, format, jobId: job.jobId });
          rows = importRows(names, prepared, result.files);
        } catch (err) {
          rows = importRows(names, prepared, [], toErrorData(err));
        } finally {
          unsubscribe();
        }
      }
      running = null;
      if (!workbench().pathForFile) rows = rows.map((row, i) => withFolderHint(row, files[i]!));
      set({ phase: 'finished', rows, cancelling: false, progress: { done: files.length, total: files.length, message: importSummary(rows) } });
    },
    async cancel() {
      const job = running;
      if (!job || get().cancelling) return;
      set({ cancelling: true });
      job.controller.abort();
      try {
        // The import call may not have reached the worker yet; its job exists once it has.
        for (let attempt = 0; attempt < cancelAttempts && running === job && get().phase === 'importing'; attempt++) {
          if ((await api('jobs.cancel', { jobId: job.jobId })).cancelled) return;
          await new Promise((resolve) => setTimeout(resolve, cancelRetryMs));
        }
      } catch (err) {
        reportError(err);
      }
    },
    again() {
      if (get().phase === 'finished') set(idle);
    },
  };
});
