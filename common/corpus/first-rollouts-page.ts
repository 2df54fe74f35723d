/**
 * The Corpus screen's first `rollouts.list` request on a fresh page: no filters, the default
 * sort, the first page. Serve mode starts this very request when it serves the page
 * (workers/serve/first-rows-prefetch.ts), so its answer is on its way while the page's
 * scripts load; the screen's store asks for it in these words, so the two cannot drift.
 */
export const firstRolloutsPage = { sort: 'rollout', direction: 'asc', offset: 0, limit: 200 } as const;

/**
 * The id of the element serve writes the answer to that request into when it has it as the page
 * is served (a `<script type="application/json">`, never run): the page then shows its first
 * rows without asking.
 */
export const firstRowsElementId = 'rwb-first-rows';
