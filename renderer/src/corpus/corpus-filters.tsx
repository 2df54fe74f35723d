import { useShallow } from 'zustand/react/shallow';
import { useCorpusStore, type CorpusFilters as Filters } from '../stores/corpus-store';
import { formatCount } from '../lib/format';
import { FacetSelect } from './facet-select';
import { SearchBox } from './search-box';

/** The step search, the facet filters (which narrow both), and how many rollouts they select. */
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
  const options = (list: { value: string; label: string; count: number }[] | undefined) =>
    (list ?? []).map((f) => ({ value: f.value, text: `${f.label} ${count(f.count)}` }));
  const grades = options(facets?.grades);

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
      <FacetSelect
        label="Agent"
        testId="filter-agent"
        allLabel="All agents"
        value={filters.agent}
        options={options(facets?.agents)}
        onChange={(v) => setFilter('agent', v)}
      />
      <FacetSelect
        label="Task"
        testId="filter-task"
        allLabel="All tasks"
        value={filters.task}
        options={options(facets?.tasks)}
        onChange={(v) => setFilter('task', v)}
      />
      <FacetSelect
        label="First exception"
        testId="filter-exception"
        allLabel="Any exception"
        value={filters.exception}
        options={options(facets?.exceptions)}
        onChange={(v) => setFilter('exception', v)}
      />
      <FacetSelect
        label="Failure kind"
        testId="filter-kind"
        allLabel="Any failures"
        value={filters.kind}
        options={options(facets?.kinds)}
        onChange={(v) => setFilter('kind', v as Filters['kind'])}
      />
      <div className="corpus-count" data-testid="corpus-count" aria-live="polite">
        <strong>{total === null ? '…' : formatCount(total)}</strong> of {corpusTotal === null ? '…' : formatCount(corpusTotal)} rollouts
      </div>
    </div>
  );
}
