/**
 * The workbench window. Its renderer gets no Node and no Electron: it is sandboxed, isolated
 * from the preload, and sees only `window.workbench`.
 */
import { BrowserWindow } from 'electron';
import type { AppPage } from './app-page';
import { preloadEntry } from './paths';
import { mainWindowOptions } from './window-options';
import { hardenWebContents } from './security';

/**
 * Creates the window on the app page; it shows once the first paint is ready, on
 * `backgroundColor` (the corpus theme's) until then.
 */
export function createMainWindow(page: AppPage, backgroundColor: string): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadEntry, backgroundColor));
  hardenWebContents(window.webContents, page);
  window.once('ready-to-show', () => window.show());
  window.loadURL(page.url).catch((err: unknown) => {
    // A page that fails to load never becomes ready to show; show the window so the failure is visible.
    console.error(`window: could not load ${page.url}: ${err instanceof Error ? err.message : String(err)}`);
    if (!window.isDestroyed()) window.show();
  });
  return window;
}
