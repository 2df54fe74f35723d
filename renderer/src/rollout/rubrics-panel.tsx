import { useEffect } from 'react';
import { useCommands } from '../commands/use-commands';
import { useLibraryStore, useRetrievalStore } from '../libraries';
import { useTaxonomyStore } from '../rubrics';
import { LibraryCategoryNote } from './library-category-note';
import { RetrievalControls } from './retrieval-controls';
import { RetrievalProtect } from './retrieval-protect';
import { RetrievalResults } from './retrieval-results';
import { RetrievalScope } from './retrieval-scope';
import { rubricCardListId } from './rubrics-card-list';
import { RubricsJudge } from './rubrics-judge';

/** Props of the rubrics panel. */
export interface RubricsPanelProps {
  rollout: string;
  /** The selected step when it has a failure, else null. */
  failedStep: number | null;
  /** The effective category of that step's failure, once known; null without one. */
  failedCategory: string | null;
}

/** Moves focus to the card list's tab stop, or the panel when there are no cards. */
function focusCards(): void {
  const list = document.getElementById(rubricCardListId);
  const card = list?.querySelector<HTMLElement>('[tabindex="0"]');
  (card ?? document.querySelector<HTMLElement>('[data-testid="rubrics-panel"]'))?.focus();
}

/**
 * The rollout screen's third column: the category-split retrieval (docs/definitions.md) for this
 * rollout or its selected failed step, with its settings, slot allocation and rubric cards,
 * and the CWM judge on those rubrics. `r` opens it and focuses the cards.
 */
export function RubricsPanel({ rollout, failedStep, failedCategory }: RubricsPanelProps) {
  const open = useRetrievalStore((s) => s.open);
  const scope = useRetrievalStore((s) => s.scope);
  const library = useRetrievalStore((s) => s.settings.library);
  const { run, release, setOpen, setLibrary } = useRetrievalStore.getState();
  const libraries = useLibraryStore((s) => s.libraries);
  const loadLibraries = useLibraryStore((s) => s.load);
  const loadTaxonomy = useTaxonomyStore((s) => s.load);

  useEffect(() => {
    void loadLibraries();
    void loadTaxonomy();
  }, [loadLibraries, loadTaxonomy]);

  // The first library is the default, and stays the fallback if the chosen one disappears.
  const first = libraries?.[0]?.id;
  const known = libraries?.some((l) => l.id === library) ?? false;
  useEffect(() => {
    if (first !== undefined && !known) setLibrary(first);
  }, [first, known, setLibrary]);

  const step = scope === 'step' ? failedStep : null;
  useEffect(() => {
    run({ rollout, step });
    return release;
  }, [rollout, step, run, release]);

  const { setScope } = useRetrievalStore.getState();
  useCommands([
    {
      id: 'rubrics.focus',
      group: 'Rubrics panel',
      title: 'Open the rubrics panel and focus its cards',
      keys: ['r'],
      run: () => {
        setOpen(true);
        // The panel may have been folded: focus once React has rendered the cards.
        requestAnimationFrame(focusCards);
      },
    },
    {
      id: 'rubrics.this-step',
      group: 'Rubrics panel',
      title: failedStep === null ? 'Retrieve for this step (the selected step has no failure)' : `Retrieve for this step (${failedStep})`,
      keys: ['t'],
      when: () => failedStep !== null,
      run: () => {
        setOpen(true);
        setScope('step');
      },
    },
    {
      id: 'rubrics.whole-rollout',
      group: 'Rubrics panel',
      title: 'Retrieve for the whole rollout',
      keys: ['w'],
      run: () => {
        setOpen(true);
        setScope('rollout');
      },
    },
  ]);

  if (!open) {
    return (
      <aside className="rubrics-panel collapsed" data-testid="rubrics-panel" aria-label="Rubrics" tabIndex={-1}>
        <button type="button" className="panel-unfold" title="Show the rubrics retrieved for this rollout (r)" onClick={() => setOpen(true)}>
          Rubrics
        </button>
      </aside>
    );
  }
  return (
    <aside className="rubrics-panel" data-testid="rubrics-panel" aria-label="Rubrics" tabIndex={-1}>
      <header className="pane-header">
        <span className="pane-label">Rubrics</span>
        <span className="key-hint">
          <kbd>r</kbd> focus · <kbd>↑</kbd>/<kbd>↓</kbd> cards · <kbd>Enter</kbd> open
        </span>
        <button type="button" className="link-button pane-meta" title="Fold the panel away" onClick={() => setOpen(false)}>
          Hide
        </button>
      </header>
      <div className="rubrics-scroll">
        {libraries !== null && libraries.length === 0 ? (
          <div className="empty-state">This corpus has no rubric libraries to retrieve from.</div>
        ) : (
          <>
            <div className="retrieval-settings">
              <RetrievalScope failedStep={failedStep} />
              <RetrievalControls />
              <RetrievalProtect />
              <RubricsJudge target={{ rollout, step }} />
            </div>
            {step !== null && failedCategory !== null && <LibraryCategoryNote category={failedCategory} />}
            <RetrievalResults target={{ rollout, step }} />
          </>
        )}
      </div>
    </aside>
  );
}
