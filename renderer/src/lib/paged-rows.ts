/**
 * A long table's rows as pages fetched by offset on demand, shared by the slices that show one
 * (the corpus's rollouts, a library's rubrics): each page is asked for once per generation, and
 * an answer that arrives after the rows were invalidated (new filters, a new sort) is dropped.
 */

/** The part of a slice that holds a paged table. */
export interface PagedRows<Row> {
  /** Rows matching the filters; null until the first page of this generation arrives. */
  total: number | null;
  /** Loaded pages by page number. */
  pages: Record<number, Row[]>;
  /** Bumped whenever the rows are invalidated, so late answers for old filters are dropped. */
  generation: number;
}

/** One answer of a paged list operation. */
export interface RowsPage<Row> {
  total: number;
  rows: Row[];
}

export interface PageSource<Row> {
  pageSize: number;
  get(): PagedRows<Row>;
  set(update: (state: PagedRows<Row>) => Pick<PagedRows<Row>, 'total' | 'pages'>): void;
  /** Asks for the rows at `offset` under the slice's current filters; null when there is nothing to ask yet. */
  fetch(offset: number, limit: number): Promise<RowsPage<Row>> | null;
  /** Called with a failed fetch of the current generation. */
  onError(err: unknown): void;
}

export interface PageFetcher {
  fetchPage(page: number): Promise<void>;
  /** Fetches the pages that hold rows `start` to `end` (as far as the total is known). */
  ensureRows(start: number, end: number): void;
}

/** The row at `index`, if its page has arrived. */
export function rowOnPage<Row>(pages: Record<number, Row[]>, pageSize: number, index: number): Row | undefined {
  return pages[Math.floor(index / pageSize)]?.[index % pageSize];
}

/** Fetches a slice's pages from `source`. */
export function pageFetcher<Row>(source: PageSource<Row>): PageFetcher {
  const { pageSize } = source;
  const pending = new Set<string>();

  async function fetchPage(page: number): Promise<void> {
    const { generation, pages } = source.get();
    const key = `${generation}:${page}`;
    if (pending.has(key) || pages[page]) return;
    const answer = source.fetch(page * pageSize, pageSize);
    if (answer === null) return;
    pending.add(key);
    try {
      const result = await answer;
      if (source.get().generation !== generation) return;
      source.set((s) => ({ total: result.total, pages: { ...s.pages, [page]: result.rows } }));
    } catch (err) {
      if (source.get().generation === generation) source.onError(err);
    } finally {
      pending.delete(key);
    }
  }

  return {
    fetchPage,
    ensureRows(start, end) {
      const total = source.get().total;
      const last = total === null ? start : Math.min(end, total - 1);
      for (let page = Math.floor(start / pageSize); page <= Math.floor(last / pageSize); page++) void fetchPage(page);
    },
  };
}
