import { useMemo } from 'react';
import { rubricFamilies } from '../../../common/corpus/bundle';
import { categoryFilterRefusal, useSettingsStore } from '../app-state/settings-store';
import { FacetSelect } from '../components/facet-select';
import { formatCount } from '../lib/format';
import { taxonomyOrder, uncategorised, useTaxonomyStore } from '../rubrics';
import { useLibraryStore } from './library-store';
import { useRubricTableStore } from './rubric-table-store';

/** Category, family and text filters over the selected library's rubrics, with the match count. */
export function RubricFilters({ library }: { library: string }) {
  const category = useRubricTableStore((s) => s.filters.category);
  const family = useRubricTableStore((s) => s.filters.family);
  const query = useRubricTableStore((s) => s.filters.query);
  const total = useRubricTableStore((s) => s.total);
  const { setCategory, setFamily, setQuery } = useRubricTableStore.getState();
  const taxonomy = useTaxonomyStore((s) => s.taxonomy);
  const categoryRefusal = useSettingsStore((s) => categoryFilterRefusal(s.settings));
  // The mix already counts the library's rubrics per category; the options show those counts.
  const counts = useLibraryStore((s) => (s.mixFor?.library === library ? s.mix?.counts.library : undefined));

  const categoryOptions = useMemo(() => {
    const codes = taxonomyOrder([...(taxonomy?.categories.map((c) => c.code) ?? []), ...Object.keys(counts ?? {})], taxonomy);
    const names = new Map(taxonomy?.categories.map((c) => [c.code, c.name]) ?? []);
    return codes.map((code) => ({
      value: code,
      text: `${code === uncategorised ? 'uncategorised' : `${code} ${names.get(code) ?? ''}`}${counts ? ` (${counts[code] ?? 0})` : ''}`,
    }));
  }, [taxonomy, counts]);

  return (
    <div className="filter-bar rubric-filters">
      <FacetSelect
        label="Category"
        testId="filter-rubric-category"
        allLabel="All categories"
        value={category}
        options={categoryOptions}
        onChange={setCategory}
        refusal={categoryRefusal}
      />
      <FacetSelect
        label="Family"
        testId="filter-rubric-family"
        allLabel="Both families"
        value={family}
        options={rubricFamilies.map((f) => ({ value: f, text: f }))}
        onChange={(value) => setFamily(rubricFamilies.find((f) => f === value) ?? null)}
      />
      <label className="facet search-facet">
        <span className="facet-label">Search rubrics</span>
        <input
          type="search"
          className="text-input"
          data-testid="rubric-search"
          placeholder="Words in title, applies-when, pattern or fix"
          spellCheck={false}
          autoComplete="off"
          maxLength={10_000}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      <span className="corpus-count" data-testid="rubric-count">
        {total === null ? '…' : <strong>{formatCount(total)}</strong>} {total === 1 ? 'rubric' : 'rubrics'}
      </span>
    </div>
  );
}
