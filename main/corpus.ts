/** Which corpus the app opens: `--db FILE` from the command line, else the sample corpus. */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dialog, type BrowserWindow, type MessageBoxOptions, type OpenDialogOptions } from 'electron';
import type { CorpusLocation, WorkerHost } from './worker-host';

/**
 * Reads `--db FILE` (or `--db=FILE`) from Electron's command line. Without it, the sample
 * corpus in `dataDir` is used and seeded on first run, as serve mode and the CLI do.
 */
export function startupCorpus(argv: string[], dataDir: string): CorpusLocation {
  // Not strict: Electron's and Chromium's own switches share this command line.
  const { values } = parseArgs({ args: argv, options: { db: { type: 'string' } }, strict: false, allowPositionals: true });
  return typeof values.db === 'string' ? { db: resolve(values.db), seedSample: false } : { db: join(dataDir, 'sample.rwb.db'), seedSample: true };
}

/**
 * Asks for a corpus file and restarts the worker on it. A file the worker refuses is reported
 * and the previous corpus reopened. The window reloads either way, because everything it
 * shows belongs to the corpus that was open before.
 */
export async function openCorpusFromDialog(host: WorkerHost, window: BrowserWindow | undefined): Promise<void> {
  const options: OpenDialogOptions = {
    title: 'Open corpus',
    properties: ['openFile'],
    filters: [
      { name: 'Rubric Workbench corpus', extensions: ['db', 'sqlite', 'sqlite3'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const choice = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  const file = choice.filePaths[0];
  if (choice.canceled || !file) return;
  const previous = host.location;
  const started = await host.open({ db: file, seedSample: false });
  if (!started.ok) {
    const message: MessageBoxOptions = { type: 'error', message: `Could not open ${file}`, detail: started.error.message };
    if (window) await dialog.showMessageBox(window, message);
    else await dialog.showMessageBox(message);
    if (previous) await host.open(previous);
  }
  if (window && !window.isDestroyed()) window.webContents.reload();
}
