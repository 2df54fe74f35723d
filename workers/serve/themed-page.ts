/**
 * The page with the corpus's theme choice written into its <html> element, so the page's first
 * script (renderer/public/theme-boot.js) shows that theme before anything is painted.
 */
import type { ThemeChoice } from '../../common/theme';

export function withThemeChoice(html: string, choice: ThemeChoice): string {
  const at = html.search(/<html[\s>]/i);
  if (at === -1) return html;
  const nameEnd = at + '<html'.length;
  return `${html.slice(0, nameEnd)} data-theme-choice="${choice}"${html.slice(nameEnd)}`;
}
