/** The page with the Corpus screen's first rows written into it, for its store to take instead of asking. */
import { firstRowsElementId } from '../../common/corpus/first-rollouts-page';

/**
 * `html` in two parts around the place the first rows go, the end of its body: serve sends the
 * first part at once, so the browser commits the page and fetches its scripts while the worker
 * answers, and the second after the answer. The app's scripts are modules, which run only once
 * the whole document is parsed, so they always find the rows there.
 */
export function pageAroundFirstRows(html: string): { before: string; after: string } {
  const at = html.search(/<\/body>/i);
  return at === -1 ? { before: html, after: '' } : { before: html.slice(0, at), after: html.slice(at) };
}

/**
 * `answer` (the first rows' `rollouts.list` value) as a JSON element. Every `<` is escaped, so
 * no text from the corpus (a rollout id, an agent's name) can close the element and be read as
 * markup.
 */
export function firstRowsElement(answer: unknown): string {
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${firstRowsElementId}">${json}</script>`;
}
