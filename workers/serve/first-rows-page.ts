/** The page with the Corpus screen's first rows written into it, for its store to take instead of asking. */
import { firstRowsElementId } from '../../common/corpus/first-rollouts-page';

/**
 * `html` with `answer` (the first rows' `rollouts.list` value) as a JSON element before the end
 * of its head. Every `<` is escaped, so no text from the corpus (a rollout id, an agent's name)
 * can close the element and be read as markup.
 */
export function withFirstRows(html: string, answer: unknown): string {
  const at = html.search(/<\/head>/i);
  if (at === -1) return html;
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  return `${html.slice(0, at)}<script type="application/json" id="${firstRowsElementId}">${json}</script>${html.slice(at)}`;
}
