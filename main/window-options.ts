/**
 * The main window's options, apart from Electron so they can be tested: sandboxed and isolated,
 * and painted in the corpus theme's background before the page has painted anything.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { resolveTheme, type Theme, type ThemeChoice } from '../common/theme';

/** Each theme's page background (`--bg` in renderer/src/styles/theme.css). */
export const themeBackgrounds: Record<Theme, string> = { light: '#f5f6f8', dark: '#121519' };

/** The window's background for the corpus's theme choice, given whether the system asks for dark. */
export function windowBackground(choice: ThemeChoice, systemPrefersDark: boolean): string {
  return themeBackgrounds[resolveTheme(choice, systemPrefersDark)];
}

export function mainWindowOptions(preload: string, backgroundColor: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    backgroundColor,
    title: 'Rubric Workbench',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  };
}
