/**
 * Electron main: wires the worker, the IPC boundary, the menu and the window. It holds no
 * business logic; every operation runs in the worker.
 */
import { join } from 'node:path';
import { app, BrowserWindow, Menu, nativeTheme, session } from 'electron';
import type { ThemeChoice } from '../common/theme';
import { themeChoiceOf } from '../common/themed-page';
import { ApiKeyStore } from './api-key-store';
import { ChosenPaths } from './chosen-paths';
import { appPage, registerAppScheme, serveAppScheme } from './app-page';
import { openCorpusFromDialog, startupCorpus } from './corpus';
import { forwardEvents, handleWorkbenchCalls } from './ipc';
import { buildAppMenu } from './menu';
import { modelKeyOperations, restoreApiKey } from './model-key';
import { electronNativeBinding, electronNativeDir, rendererDir, workerEntry } from './paths';
import { contentSecurityPolicy, hardenSession, isFromAppFrame } from './security';
import { createMainWindow } from './window';
import { windowBackground } from './window-options';
import { WorkerHost } from './worker-host';

registerAppScheme();

// A second instance would start a second worker writing the same corpus: hand over to the first.
if (!app.requestSingleInstanceLock()) app.quit();
else void app.whenReady().then(start);

function start(): void {
  const page = appPage();
  hardenSession(session.defaultSession, page);

  const nativeBinding = electronNativeBinding();
  if (!nativeBinding) {
    console.warn(
      `main: no Electron build of better-sqlite3 in ${electronNativeDir}; the worker will fail to open the corpus. ` +
        'Run `node scripts/electron-native.js` (needs the internet).',
    );
  }
  const host = new WorkerHost({ workerPath: workerEntry, nativeBinding });
  // The key is the user's, not the corpus's: it stays in the app's own folder whatever corpus is open.
  const keys = new ApiKeyStore(join(app.getPath('userData'), 'api-key.bin'));
  restoreApiKey(host, keys);
  // RWB_DATA_DIR is honoured so the app, serve mode and the CLI can share one data folder.
  const dataDir = process.env.RWB_DATA_DIR ?? app.getPath('userData');
  void host.open(startupCorpus(process.argv.slice(1), dataDir)).then((started) => {
    if (!started.ok) console.error(`main: the worker could not open the corpus: ${started.error.message}`);
  });
  // Asked of the worker (calls wait for it to open) at each page load, so a reload after a change in Settings has the new theme.
  const themeChoice = async (): Promise<ThemeChoice> => {
    const settings = await host.call('settings.get', {});
    return (settings.ok ? themeChoiceOf(settings.value) : undefined) ?? 'system';
  };
  if (!page.dev) serveAppScheme(rendererDir, { 'Content-Security-Policy': contentSecurityPolicy(page) }, themeChoice);

  let window: BrowserWindow | undefined;
  let opening = false;
  const showWindow = async (): Promise<void> => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
      return;
    }
    if (opening) return;
    opening = true;
    // The window's own background, before the page paints, in the corpus's theme.
    const created = createMainWindow(page, windowBackground(await themeChoice(), nativeTheme.shouldUseDarkColors));
    opening = false;
    created.on('closed', () => {
      if (window === created) window = undefined;
    });
    window = created;
  };

  // Files the user picks or drops in this session; they are the only paths the window may name.
  const chosen = new ChosenPaths();
  handleWorkbenchCalls(host, (event) => isFromAppFrame(event, window?.webContents, page), chosen, modelKeyOperations(host, keys));
  forwardEvents(host, () => window?.webContents);
  Menu.setApplicationMenu(buildAppMenu({ openCorpus: () => void openCorpusFromDialog(host, window) }));

  void showWindow();
  app.on('second-instance', () => void showWindow());
  // macOS keeps the app running without windows and reopens one from the dock.
  app.on('activate', () => void showWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void host.stop());
}
