/**
 * The app's looks for Monaco, light and dark: the same greys, accent and status colours as
 * theme.css (Monaco takes colours, not CSS variables, so they are repeated here).
 */
import type { editor } from 'monaco-editor/editor';
import type { Theme } from '../../../common/theme';

/** The name each app theme is registered under in Monaco. */
export const monacoThemeNames: Record<Theme, string> = { light: 'rwb-light', dark: 'rwb-dark' };

/**
 * Monaco's token colours, except those that fall under 4.5:1 (WCAG AA, checked by axe) on the
 * diff highlights, which are darker in light and lighter in dark; the chrome matches the app.
 */
const lightTheme: editor.IStandaloneThemeData = {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'number', foreground: '07704a' },
    { token: 'comment', foreground: '00701a' },
    { token: 'type', foreground: '1d6880' },
    { token: 'keyword.flow', foreground: '9a00c2' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editor.foreground': '#1c2128',
    'editorLineNumber.foreground': '#5f6873',
    'editorLineNumber.activeForeground': '#55606e',
    'editorLineNumber.dimmedForeground': '#5f6873',
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
    'diffEditor.insertedLineBackground': '#dcf3e355',
    'diffEditor.insertedTextBackground': '#9fdcb03d',
    'diffEditor.removedLineBackground': '#fde4e155',
    'diffEditor.removedTextBackground': '#f5a9a03d',
    'diffEditor.diagonalFill': '#d9dde3',
    'diffEditor.unchangedRegionBackground': '#f0f2f5',
    'diffEditor.unchangedRegionForeground': '#55606e',
  },
};

const darkTheme: editor.IStandaloneThemeData = {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'keyword', foreground: '6fb0e8' },
    { token: 'comment', foreground: '8dbf73' },
    { token: 'string', foreground: 'd7a088' },
    { token: 'keyword.flow', foreground: 'd09bcc' },
  ],
  colors: {
    'editor.background': '#1a1e23',
    'editor.foreground': '#e3e7ec',
    'editorLineNumber.foreground': '#8b95a1',
    'editorLineNumber.activeForeground': '#c9d1d9',
    'editorLineNumber.dimmedForeground': '#8b95a1',
    'editorGutter.background': '#161a1e',
    'editor.lineHighlightBackground': '#00000000',
    'editor.lineHighlightBorder': '#00000000',
    'editor.selectionBackground': '#2d4a73',
    'editor.inactiveSelectionBackground': '#1d2f4a',
    'editorWidget.background': '#22272e',
    'editorWidget.border': '#454d57',
    'editorOverviewRuler.border': '#30363d',
    'scrollbarSlider.background': '#9ba6b233',
    'scrollbarSlider.hoverBackground': '#9ba6b255',
    'scrollbarSlider.activeBackground': '#9ba6b277',
    'diffEditor.insertedLineBackground': '#1d4a2e55',
    'diffEditor.insertedTextBackground': '#2f7a4a3d',
    'diffEditor.removedLineBackground': '#4a1f1c55',
    'diffEditor.removedTextBackground': '#8a2d253d',
    'diffEditor.diagonalFill': '#30363d',
    'diffEditor.unchangedRegionBackground': '#22272e',
    'diffEditor.unchangedRegionForeground': '#9ba6b2',
  },
};

/** Every theme with its data, for registering them all. */
export const monacoThemes: Record<Theme, editor.IStandaloneThemeData> = { light: lightTheme, dark: darkTheme };
