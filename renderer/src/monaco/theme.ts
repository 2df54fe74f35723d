/** The app's light look for Monaco: the same greys, accent and status colours as base.css. */
import type { editor } from 'monaco-editor/editor';

/** Name the theme is registered under. */
export const themeName = 'rwb-light';

/** Token colours stay Monaco's light defaults; only the chrome is matched to the app. */
export const themeData: editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#ffffff',
    'editor.foreground': '#1c2128',
    'editorLineNumber.foreground': '#9aa3ae',
    'editorLineNumber.activeForeground': '#5f6b7a',
    'editorGutter.background': '#f8f9fb',
    'editor.lineHighlightBackground': '#00000000',
    'editor.lineHighlightBorder': '#00000000',
    'editor.selectionBackground': '#c9dbf5',
    'editor.inactiveSelectionBackground': '#e3edfb',
    'editorWidget.background': '#f0f2f5',
    'editorWidget.border': '#c2c8d0',
    'editorOverviewRuler.border': '#d9dde3',
    'scrollbarSlider.background': '#5f6b7a33',
    'scrollbarSlider.hoverBackground': '#5f6b7a55',
    'scrollbarSlider.activeBackground': '#5f6b7a77',
    'diffEditor.insertedLineBackground': '#dcf3e388',
    'diffEditor.insertedTextBackground': '#9fdcb077',
    'diffEditor.removedLineBackground': '#fde4e188',
    'diffEditor.removedTextBackground': '#f5a9a077',
    'diffEditor.diagonalFill': '#d9dde3',
    'diffEditor.unchangedRegionBackground': '#f0f2f5',
    'diffEditor.unchangedRegionForeground': '#5f6b7a',
  },
};
