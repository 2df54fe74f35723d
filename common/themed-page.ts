/**
 * The page with the corpus's theme choice written into its <html> element, so the page's first
 * script (the theme boot inline in renderer/index.html) shows that theme before anything is painted.
 */
import { themeChoices, type ThemeChoice } from './theme';

export function withThemeChoice(html: string, choice: ThemeChoice): string {
  const at = html.search(/<html[\s>]/i);
  if (at === -1) return html;
  const nameEnd = at + '<html'.length;
  return `${html.slice(0, nameEnd)} data-theme-choice="${choice}"${html.slice(nameEnd)}`;
}

/** The theme choice in `settings.get`'s answer, or undefined when it names none (an error, an older corpus). */
export function themeChoiceOf(settings: unknown): ThemeChoice | undefined {
  const theme = typeof settings === 'object' && settings !== null ? (settings as { theme?: unknown }).theme : undefined;
  return themeChoices.find((c) => c === theme);
}
