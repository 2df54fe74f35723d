/**
 * Files chosen as a folder (a run: its journal and the program files the journal names).
 * The run files among them are imported; the rest travel with them, so that in serve mode
 * the server holds the whole folder and an import of the journal finds its `code_file`s.
 */
import { toErrorData, type ApiErrorData } from '../../../common/errors';
import type { ImportRow } from '../lib/import-results';

/** Names of files that may be runs (every importer reads one of these); a program or a plot only travels along. */
const runFileName = /\.(json|jsonl|traj|eval|gz)$/i;

/** How a chosen file is named to the user: its path inside the chosen folder, else its own name. */
export function chosenName(file: File): string {
  return file.webkitRelativePath || file.name;
}

/** The chosen folder a file came from (the first segment of its relative path), or null for a file chosen alone. */
export function chosenFolder(file: File): string | null {
  const slash = file.webkitRelativePath.indexOf('/');
  return slash === -1 ? null : file.webkitRelativePath.slice(0, slash);
}

/** The largest program file an import reads for a node's `code_file` (workers/import/aide-importer.ts): a larger file never needs to travel. */
const maxCompanionBytes = 16 * 1024 * 1024;

/** A folder's files, split into the runs to import and the files that travel with them (a data file too large to be a program stays behind). */
export function splitFolder(files: readonly File[]): { runs: File[]; companions: File[] } {
  const runs = files.filter((f) => runFileName.test(f.name));
  return { runs, companions: files.filter((f) => !runs.includes(f) && f.size <= maxCompanionBytes) };
}

/** The companions of the folders that still have a run among `runs` (a folder whose runs were all removed sends nothing). */
export function companionsOf(runs: readonly File[], companions: readonly File[]): File[] {
  const folders = new Set(runs.map(chosenFolder));
  return companions.filter((f) => folders.has(chosenFolder(f)));
}

/** A random id for one folder's uploads: the server keeps the files sent under it together. */
function newFolderId(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A journal uploaded on its own cannot reach the program files it names: its error says so,
 * and how to bring them (serve mode only; the desktop app reads the journal's own folder).
 */
export function withFolderHint(row: ImportRow, file: File): ImportRow {
  const field = (row.error?.details as { field?: unknown } | undefined)?.field;
  if (!row.error || chosenFolder(file) !== null || typeof field !== 'string' || !field.endsWith('.code_file')) return row;
  const error: ApiErrorData = {
    ...row.error,
    message: `${row.error.message}. ${file.name} was uploaded without the files beside it: choose its run folder with “Choose folder…” so its code files are uploaded with it`,
  };
  return { ...row, error };
}

/**
 * The uploads of one import's folders: one id per chosen folder, and the files that travel
 * with the runs sent first. A folder one of whose files could not be sent imports none of its
 * runs (their journals would miss that file), each refused with that file's error.
 */
export class FolderUploads {
  private readonly ids = new Map<string, string>();
  private readonly errors = new Map<string, ApiErrorData>();

  /** The upload id of `file`'s folder; undefined for a file chosen alone. */
  idOf(file: File): string | undefined {
    const folder = chosenFolder(file);
    if (folder === null) return undefined;
    let id = this.ids.get(folder);
    if (id === undefined) {
      id = newFolderId();
      this.ids.set(folder, id);
    }
    return id;
  }

  /** Why `file`'s folder cannot be imported, if one of its files failed to upload. */
  errorOf(file: File): ApiErrorData | undefined {
    const folder = chosenFolder(file);
    return folder === null ? undefined : this.errors.get(folder);
  }

  /** Sends the files that travel with the runs; `upload` stores one in its folder, `onFile` reports progress. */
  async sendCompanions(
    companions: readonly File[],
    upload: (file: File, folder: string) => Promise<string>,
    onFile: (file: File, index: number) => void,
  ): Promise<void> {
    for (const [i, file] of companions.entries()) {
      const folder = chosenFolder(file);
      if (folder === null || this.errors.has(folder)) continue;
      onFile(file, i);
      try {
        await upload(file, this.idOf(file)!);
      } catch (err) {
        this.errors.set(folder, toErrorData(err));
      }
    }
  }
}
