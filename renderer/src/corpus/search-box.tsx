import { useRef, type KeyboardEvent } from 'react';
import { useCommands } from '../commands/use-commands';
import { navigate } from '../router/router';
import { hitRoute, useSearchStore } from './search-store';

/** Id of the hit list, for the box's `aria-controls`. */
export const searchListId = 'search-results-list';

/** Id of the hit at `index`, for the box's `aria-activedescendant`. */
export function searchHitId(index: number): string {
  return `search-hit-${index}`;
}

/**
 * Full-text search over every step's command, stdout and stderr. Any text may go in (a whole
 * pasted traceback included). `/` focuses it; while it has focus ↑/↓ pick a hit, Enter opens
 * it, Escape clears the query (a second Escape leaves the box).
 */
export function SearchBox() {
  const query = useSearchStore((s) => s.query);
  const selected = useSearchStore((s) => s.selected);
  const setQuery = useSearchStore((s) => s.setQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const active = query.trim() !== '';

  useCommands([
    {
      id: 'search.focus',
      group: 'Search',
      title: 'Search every step’s command and output',
      keys: ['/'],
      run: () => {
        inputRef.current?.focus();
        inputRef.current?.select();
      },
    },
    {
      id: 'search.clear',
      group: 'Search',
      title: 'Clear the search',
      keys: ['Escape'],
      when: () => useSearchStore.getState().query !== '',
      run: () => useSearchStore.getState().clear(),
    },
  ]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const search = useSearchStore.getState();
    if (event.key === 'Escape') {
      if (search.query !== '') search.clear();
      else event.currentTarget.blur();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      search.select(search.selected + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      // Until the latest keystrokes are answered, the selected hit belongs to an older query.
      const hit = search.hits?.[search.selected];
      if (search.pending) search.flush();
      else if (hit) navigate(hitRoute(hit));
    } else return;
    event.preventDefault();
  }

  return (
    <label className="facet search-facet">
      <span className="facet-label">Search steps</span>
      <span className="search-field">
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={active}
          aria-controls={searchListId}
          aria-activedescendant={active && selected >= 0 ? searchHitId(selected) : undefined}
          data-testid="search-input"
          placeholder="Commands, outputs, tracebacks… paste an error line"
          spellCheck={false}
          autoComplete="off"
          maxLength={100_000}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {!active && <kbd className="search-kbd">/</kbd>}
      </span>
    </label>
  );
}
