/**
 * The theme the window shows: html[data-theme] (which theme.css reads) set from the Settings
 * choice, following the system's prefers-color-scheme while the choice is "system". Monaco,
 * which cannot read CSS variables, follows through `onThemeChange`.
 */
import { resolveTheme, type Theme, type ThemeChoice } from '../../../common/theme';

const darkQuery = '(prefers-color-scheme: dark)';

let choice: ThemeChoice = 'system';
let shown: Theme | null = null;
const listeners = new Set<(theme: Theme) => void>();

function systemPrefersDark(): boolean {
  return window.matchMedia(darkQuery).matches;
}

function show(): void {
  const theme = resolveTheme(choice, systemPrefersDark());
  if (theme === shown) return;
  shown = theme;
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener(theme);
}

/** Shows the system's theme at once (before the corpus's setting arrives) and follows its changes. */
export function installWindowTheme(): () => void {
  show();
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', show);
  return () => media.removeEventListener('change', show);
}

/** Applies the Settings choice. */
export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  show();
}

/** The theme on screen now. */
export function currentTheme(): Theme {
  return shown ?? resolveTheme(choice, systemPrefersDark());
}

/** Calls `listener` with each theme the window switches to; returns the unsubscribe. */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
