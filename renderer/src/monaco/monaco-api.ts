/**
 * Monaco, slimmed to what the workbench uses: the editor API (code and diff editors), find,
 * folding, the diff editor's navigation commands and codicons, and Python's grammar. The full
 * `monaco-editor` entry would add every language and language worker (~15 MB); this stays
 * near 3 MB. Loaded lazily through `load-monaco.ts`, so screens without an editor never pay.
 */
import * as monaco from 'monaco-editor/editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/diffEditor/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/languages/definitions/python/register';
import { currentTheme, onThemeChange } from '../theme/window-theme';
import { monacoThemeNames, monacoThemes } from './theme';

// The editor worker computes diffs and line tokens off the main thread. It is a bundled file
// of the app (CSP `worker-src 'self'`); there are no language workers to pick between.
self.MonacoEnvironment = {
  getWorker: () => new EditorWorker({ name: 'monaco-editor-worker' }),
};

for (const theme of ['light', 'dark'] as const) monaco.editor.defineTheme(monacoThemeNames[theme], monacoThemes[theme]);
// Monaco's theme is global: every editor follows the window's theme from now on.
monaco.editor.setTheme(monacoThemeNames[currentTheme()]);
onThemeChange((theme) => monaco.editor.setTheme(monacoThemeNames[theme]));

export { monaco };
