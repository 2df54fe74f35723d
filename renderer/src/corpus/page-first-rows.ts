/**
 * The first rows serve wrote into the page (workers/serve/first-rows-page.ts), so the Corpus
 * screen's first render has them without a round trip. Taken once: later requests, and pages
 * without them (the desktop app, a page served while the worker was busy), ask the API.
 */
import type { ResponseOf } from '../../../common/contract';
import { firstRolloutsPage, firstRowsElementId } from '../../../common/corpus/first-rollouts-page';

type RolloutsPage = ResponseOf<'rollouts.list'>;

/**
 * Rows asked for later than this after the page was navigated to (ms) are not taken from it: the
 * page opened on another screen, which did not refresh rows it was not showing when the corpus
 * changed. As long as serve keeps a prefetched answer (`prefetchMaxAgeMs`).
 */
export const pageFirstRowsMaxAgeMs = 10_000;

function isRolloutsPage(value: unknown): value is RolloutsPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return typeof page.total === 'number' && Array.isArray(page.rows);
}

/** Whether `request` is the first rows' request, the one serve answered in the page. */
function isFirstRowsRequest(request: Record<string, unknown>): boolean {
  const expected: Record<string, unknown> = firstRolloutsPage;
  const keys = Object.keys(request);
  return keys.length === Object.keys(expected).length && keys.every((key) => request[key] === expected[key]);
}

/**
 * The page's first rows for `request`, if it is the first rows' request, the page still has them
 * and it is not `pageFirstRowsMaxAgeMs` old; removes them from the page.
 */
export function takePageFirstRows(request: Record<string, unknown>, now = performance.now()): RolloutsPage | undefined {
  const element = document.getElementById(firstRowsElementId);
  if (!element || !isFirstRowsRequest(request)) return undefined;
  element.remove();
  if (now > pageFirstRowsMaxAgeMs) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
  return isRolloutsPage(value) ? value : undefined;
}
