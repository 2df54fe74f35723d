import { useShallow } from 'zustand/react/shallow';
import { useCorpusStore, type CorpusFilters as Filters } from './corpus-store';
import { formatCount } from '../lib/format';
import { FacetSelect } from '../components/facet-select';
import { SearchBox } from './search-box';

/** The step search, the facet filters (which narrow both), and how many rollouts they select. */
export function CorpusFilters() {
  const { facets, filters, total, corpusTotal } = useCorpusStore(
    useShallow((s) => ({ facets: s.facets, filters: s.filters, total: s.total, corpusTotal: s.stats?.rollouts ?? null })),
  );
  const setFilter = useCorpusStore((s) => s.setFilter);
  const count = (n: number) => `(${formatCount(n)})`;
  const options = (list: { value: string; label: string; count: number }[] | undefined) =>
    (list ?? []).map((f) => ({ value: f.value, text: `${f.label} ${count(f.count)}` }));

  const selects: { filter: keyof Filters; label: string; allLabel: string; options: { value: string; text: string }[] }[] = [
    {
      filter: 'benchmark',
      label: 'Benchmark',
      allLabel: 'All benchmarks',
      options: (facets?.benchmarks ?? []).map((b) => ({ value: b.value, text: `${b.label} · ${b.role.replace(/_/g, ' ')} ${count(b.count)}` })),
    },
    { filter: 'collection', label: 'Collection', allLabel: 'All collections', options: options(facets?.collections) },
    { filter: 'grade', label: 'Grade', allLabel: 'All grades', options: options(facets?.grades) },
    { filter: 'agent', label: 'Agent', allLabel: 'All agents', options: options(facets?.agents) },
    { filter: 'task', label: 'Task', allLabel: 'All tasks', options: options(facets?.tasks) },
    { filter: 'exception', label: 'First exception', allLabel: 'Any exception', options: options(facets?.exceptions) },
    { filter: 'kind', label: 'Failure kind', allLabel: 'Any failures', options: options(facets?.kinds) },
  ];

  return (
    <div className="filter-bar">
      <SearchBox />
      {selects.map((s) => (
        <FacetSelect
          key={s.filter}
          label={s.label}
          testId={`filter-${s.filter}`}
          allLabel={s.allLabel}
          value={filters[s.filter]}
          options={s.options}
          // Options come from the facets, so a value is always one the filter accepts.
          onChange={(v) => setFilter(s.filter, v as Filters[typeof s.filter])}
        />
      ))}
      <div className="corpus-count" data-testid="corpus-count" aria-live="polite">
        <strong>{total === null ? '…' : formatCount(total)}</strong> of {corpusTotal === null ? '…' : formatCount(corpusTotal)} rollouts
      </div>
    </div>
  );
}
