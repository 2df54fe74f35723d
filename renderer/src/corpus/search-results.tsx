import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { listCommands } from '../commands/list-commands';
import { useCommands } from '../commands/use-commands';
import { formatCount } from '../lib/format';
import { navigate } from '../router/router';
import { useCorpusStore } from './corpus-store';
import { hitRoute, searchLimit, useSearchStore } from './search-store';
import { searchListId } from './search-box';
import { SearchHitRow } from './search-hit-row';
import { SearchRankingNote } from './search-note';

/** A first guess at a hit's height; rows are measured once drawn (snippets span 1–6 lines). */
const estimatedHeight = 64;

function countText(hits: number, newest: boolean): string {
  if (hits >= searchLimit) return `${formatCount(searchLimit)}+ matches · showing the ${newest ? 'newest' : 'best'} ${formatCount(searchLimit)}`;
  return `${formatCount(hits)} ${hits === 1 ? 'match' : 'matches'}`;
}

/**
 * The steps matching the search, best first (newest first, with a note saying why, when there
 * are too many to rank), in place of the rollout table while a query is active. Virtualised;
 * ↑/↓ or j/k select, Enter or a click opens the rollout at that step.
 */
export function SearchResults() {
  const { hits, unranked, answered, pending, selected } = useSearchStore(
    useShallow((s) => ({ hits: s.hits, unranked: s.unranked, answered: s.answered, pending: s.pending, selected: s.selected })),
  );
  const select = useSearchStore((s) => s.select);
  const filters = useCorpusStore((s) => s.filters);
  const filtered = Object.entries(filters).filter(([, value]) => value !== null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = hits?.length ?? 0;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedHeight,
    getItemKey: (index) => (hits?.[index] ? `${hits[index].rollout}:${hits[index].step}` : index),
    overscan: 8,
  });

  // A new answer starts at its best hit.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [hits]);

  useEffect(() => {
    if (selected >= 0 && selected < count) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, count, virtualizer]);

  const open = useCallback((index: number) => {
    const hit = useSearchStore.getState().hits?.[index];
    if (hit) navigate(hitRoute(hit));
  }, []);

  useCommands(listCommands({ group: 'Search hits', count, selected, select, open, canOpen: () => !pending }));

  return (
    <section className="search-results" aria-label="Search results" data-testid="search-results">
      <header className="search-head">
        <span className="search-count" data-testid="search-count" aria-live="polite">
          {hits === null ? 'Searching…' : countText(count, unranked !== null)}
        </span>
        {hits !== null && (
          <span className="muted">
            for <q className="mono">{answered}</q>
            {filtered.length > 0 && ` · only rollouts with ${filtered.map(([key, value]) => `${key} ${value}`).join(', ')}`}
          </span>
        )}
        {pending && <span className="spinner" role="status" aria-label="Searching" />}
      </header>
      {hits !== null && unranked !== null && <SearchRankingNote unranked={unranked} />}
      <div className="search-body" ref={scrollRef}>
        {hits !== null && count === 0 ? (
          <div className="table-empty">
            No step matches <q className="mono">{answered}</q>
            {filtered.length > 0 ? ' in rollouts matching these filters.' : '.'}
          </div>
        ) : (
          <div className="search-canvas" id={searchListId} role="listbox" aria-label="Matching steps" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const hit = hits?.[item.index];
              if (!hit) return null;
              return (
                <SearchHitRow
                  key={item.key}
                  hit={hit}
                  index={item.index}
                  top={item.start}
                  selected={item.index === selected}
                  measure={virtualizer.measureElement}
                  onOpen={open}
                />
              );
            })}
          </div>
        )}
      </div>
      <footer className="table-foot key-hint">
        <kbd>↑</kbd>/<kbd>↓</kbd> select · <kbd>Enter</kbd> or click to open the rollout at that step · <kbd>Esc</kbd> clear the search
      </footer>
    </section>
  );
}
