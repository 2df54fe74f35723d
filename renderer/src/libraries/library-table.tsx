import type { LibrarySummary } from '../../../common/rubrics/rubric-types';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';
import { navigate } from '../router/router';
import { formatParams } from './library-params';

/** Props of the library table. */
export interface LibraryTableProps {
  libraries: LibrarySummary[];
  selected: string | null;
}

/** Every frozen library: how it was built, when, how big, over how many categories. A row opens it. */
export function LibraryTable({ libraries, selected }: LibraryTableProps) {
  return (
    <table className="plain-table library-table" data-testid="library-table">
      <thead>
        <tr>
          <th>Library</th>
          <th>Method</th>
          <th className="numeric">Size</th>
          <th>Frozen</th>
          <th className="numeric">Categories</th>
          <th>Parameters</th>
        </tr>
      </thead>
      <tbody>
        {libraries.map((library) => {
          const current = library.id === selected;
          return (
            <tr
              key={library.id}
              className={current ? 'selected' : undefined}
              data-testid="library-row"
              data-library-id={library.id}
              aria-selected={current}
              onClick={() => navigate({ name: 'libraries', id: library.id })}
            >
              <td>
                <a href={formatHash({ name: 'libraries', id: library.id })} aria-current={current ? 'page' : undefined}>
                  {library.name}
                </a>{' '}
                <span className="mono muted">{library.id}</span>
              </td>
              <td>{library.method}</td>
              <td className="numeric" data-testid="library-size">
                {formatCount(library.size)}
              </td>
              <td className="nowrap">{library.builtAt}</td>
              <td className="numeric">{formatCount(library.categories)}</td>
              <td className="library-params mono muted" title={formatParams(library.params)}>
                {formatParams(library.params)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
