import { useShallow } from 'zustand/react/shallow';
import { useCorpusStore, type CorpusFilters as Filters } from '../stores/corpus-store';
import { formatCount } from '../lib/format';
import { FacetSelect } from './facet-select';
import { SearchBox } from './search-box';

/** The step search, the benchmark, collection and grade filters (which narrow both), and how many rollouts they select. */
export function CorpusFilters() {
  const { facets, filters, total, corpusTotal } = useCorpusStore(
    useShallow((s) => ({ facets: s.facets, filters: s.filters, total: s.total, corpusTotal: s.stats?.rollouts ?? null })),
  );
  const setFilter = useCorpusStore((s) => s.setFilter);
  const count = (n: number) => `(${formatCount(n)})`;

  const benchmarks = (facets?.benchmarks ?? []).map((b) => ({
    value: b.value,
    text: `${b.label} · ${b.role.replace(/_/g, ' ')} ${count(b.count)}`,
  }));
  const collections = (facets?.collections ?? []).map((c) => ({ value: c.value, text: `${c.label} ${count(c.count)}` }));
  const grades = (facets?.grades ?? []).map((g) => ({ value: g.value, text: `${g.label} ${count(g.count)}` }));

  return (
    <div className="filter-bar">
      <SearchBox />
      <FacetSelect
        label="Benchmark"
        testId="filter-benchmark"
        allLabel="All benchmarks"
        value={filters.benchmark}
        options={benchmarks}
        onChange={(v) => setFilter('benchmark', v)}
      />
      <FacetSelect
        label="Collection"
        testId="filter-collection"
        allLabel="All collections"
        value={filters.collection}
        options={collections}
        onChange={(v) => setFilter('collection', v)}
      />
      <FacetSelect
        label="Grade"
        testId="filter-grade"
        allLabel="All grades"
        value={filters.grade}
        options={grades}
        onChange={(v) => setFilter('grade', v as Filters['grade'])}
      />
      <div className="corpus-count" data-testid="corpus-count" aria-live="polite">
        <strong>{total === null ? '…' : formatCount(total)}</strong> of {corpusTotal === null ? '…' : formatCount(corpusTotal)} rollouts
      </div>
    </div>
  );
}
