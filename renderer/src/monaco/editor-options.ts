/** Options every read-only Monaco view of the workbench shares. */
import type { editor } from 'monaco-editor/editor';

/** Read-only, the app's fonts, and no chrome a reader of a program does not need (the theme is global: monaco-api.ts). */
export const readOnlyOptions: editor.IEditorOptions & editor.IGlobalEditorOptions = {
  readOnly: true,
  // No caret, no "cannot edit" tooltip: these views are for reading.
  domReadOnly: true,
  // A plain <textarea> for input, which the app's key handlers recognise as a text field, so
  // keys typed in an editor (j, k, n, Escape...) never also drive the screen behind it.
  editContext: false,
  automaticLayout: true,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace",
  fontSize: 12.5,
  lineHeight: 19,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  renderLineHighlight: 'none',
  contextmenu: false,
  stickyScroll: { enabled: false },
  // Embedded in scrolling panes: at the top or bottom of the file the page scrolls on.
  scrollbar: { alwaysConsumeMouseWheel: false },
  padding: { top: 6, bottom: 6 },
};
