/**
 * The theme the window shows: html[data-theme] (which theme.css reads) set from the Settings
 * choice, following the system's prefers-color-scheme while the choice is "system". Monaco,
 * which cannot read CSS variables, follows through `onThemeChange`.
 */
import { resolveTheme, themeChoices, type Theme, type ThemeChoice } from '../../../common/theme';

const darkQuery = '(prefers-color-scheme: dark)';

/** The choice serve mode wrote into the page (the theme boot in index.html showed it before the first paint), else the system's. */
function choiceInPage(): ThemeChoice {
  const written = document.documentElement.dataset.themeChoice;
  return themeChoices.find((c) => c === written) ?? 'system';
}

let choice: ThemeChoice = choiceInPage();
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

/** Shows the page's theme choice at once (before the corpus's setting arrives) and follows the system's changes. */
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
