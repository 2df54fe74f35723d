import { useEffect } from 'react';
import { neighbour } from '../commands/neighbour';
import { useCommands } from '../commands/use-commands';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { useAppStore } from '../app-state/app-store';
import { useLibraryStore } from './library-store';
import { useTaxonomyStore } from '../rubrics';
import { LibraryDetail } from './library-detail';
import { LibraryTable } from './library-table';

/** Screen 3: the frozen libraries; the selected one's category mix against the pool, and its rubrics. */
export function LibrariesScreen({ id }: { id: string | null }) {
  const libraries = useLibraryStore((s) => s.libraries);
  const load = useLibraryStore((s) => s.load);
  const loadTaxonomy = useTaxonomyStore((s) => s.load);
  const markReady = useAppStore((s) => s.markReady);

  useEffect(() => {
    void Promise.all([load(), loadTaxonomy()]).then(markReady);
  }, [load, loadTaxonomy, markReady]);

  // Without a library in the URL the first one is shown, so the screen is never blank.
  const first = libraries?.[0]?.id;
  useEffect(() => {
    if (id === null && first !== undefined) navigate({ name: 'libraries', id: first }, { replace: true });
  }, [id, first]);

  const selected = libraries?.find((l) => l.id === id);
  const step = (by: number) => {
    if (!libraries) return;
    const next = neighbour(
      libraries,
      libraries.findIndex((l) => l.id === id),
      by,
    );
    if (next && next.id !== id) navigate({ name: 'libraries', id: next.id }, { replace: true });
  };
  const hasLibraries = () => (libraries?.length ?? 0) > 1;
  useCommands([
    { id: 'libraries.next', group: 'Libraries', title: 'Next library', keys: ['j'], when: hasLibraries, run: () => step(1) },
    { id: 'libraries.previous', group: 'Libraries', title: 'Previous library', keys: ['k'], when: hasLibraries, run: () => step(-1) },
  ]);
  return (
    <div className="screen libraries-screen" data-testid="libraries-screen">
      <header className="screen-header">
        <h1>Libraries</h1>
        <span className="muted">Frozen sets of rubrics. A library never changes; a change makes a new library.</span>
      </header>
      {libraries === null ? (
        <LoadingState label="Loading libraries…" />
      ) : libraries.length === 0 ? (
        <div className="empty-state">This corpus has no libraries. Import a bundle with library records to see them here.</div>
      ) : (
        <div className="libraries-body">
          <LibraryTable libraries={libraries} selected={id} />
          {selected ? (
            <LibraryDetail key={selected.id} library={selected} />
          ) : (
            id !== null && (
              <div className="empty-state">
                Library <span className="mono">{id}</span> is not in this corpus.
              </div>
            )
          )}
        </div>
      )}
    </div>
  );
}
