import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../common/contract';
import type { RubricPage, RubricRow } from '../../../common/rubrics/rubric-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { rubricPageSize, rubricRowAt, useRubricTableStore } from './rubric-table-store';

const initial = useRubricTableStore.getState();

/** Answers `rubrics.list` only when the test says, one request at a time. */
function heldPages() {
  const held: { request: RequestOf<'rubrics.list'>; answer(total: number): void }[] = [];
  const answer = (request: RequestOf<'rubrics.list'>) =>
    new Promise<RubricPage>((resolve) =>
      held.push({
        request,
        answer: (total) => {
          const offset = request.offset ?? 0;
          const count = Math.max(0, Math.min(request.limit ?? rubricPageSize, total - offset));
          resolve({ total, offset, rows: Array.from({ length: count }, (_, i) => ({ id: `${request.library}-${offset + i}` }) as RubricRow) });
        },
      }),
    );
  return { held, answer };
}

afterEach(() => {
  useRubricTableStore.setState(initial, true);
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('rubric table store', () => {
  it("fetches a library's rows by page as they come into view, starting over unfiltered for another library", async () => {
    const pages = heldPages();
    installFakeWorkbench({ 'rubrics.list': pages.answer });
    useRubricTableStore.getState().setLibrary('lib-a');
    useRubricTableStore.getState().setCategory('OOM');
    await settled();
    expect(pages.held.map((h) => h.request)).toEqual([
      { library: 'lib-a', offset: 0, limit: rubricPageSize },
      { library: 'lib-a', category: 'OOM', offset: 0, limit: rubricPageSize },
    ]);
    // The answer for the filters left behind is dropped.
    pages.held[1]!.answer(450);
    pages.held[0]!.answer(900);
    await settled();
    expect(useRubricTableStore.getState().total).toBe(450);

    useRubricTableStore.getState().ensureRows(150, 420);
    await settled();
    expect(pages.held.slice(2).map((h) => h.request.offset)).toEqual([200, 400]);
    pages.held[3]!.answer(450);
    await settled();
    expect(rubricRowAt(useRubricTableStore.getState().pages, 420)?.id).toBe('lib-a-420');

    useRubricTableStore.getState().setLibrary('lib-b');
    expect(useRubricTableStore.getState().filters).toEqual({ library: 'lib-b', category: null, family: null, query: '' });
  });
});
