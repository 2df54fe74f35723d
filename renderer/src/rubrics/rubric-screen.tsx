import { useEffect } from 'react';
import { useOperation } from '../api/use-operation';
import { rubricViewTables } from '../api/view-tables';
import { useCommands } from '../commands/use-commands';
import { LoadingState } from '../components/loading-state';
import { navigate } from '../router/router';
import { useAppStore } from '../app-state/app-store';
import { useTaxonomyStore } from './taxonomy-store';
import { CategoryBadge } from './category-badge';
import { RubricEvidence } from './rubric-evidence';
import { RubricFacts } from './rubric-facts';
import { RubricLabelsTable } from './rubric-labels-table';
import { RubricLesson } from './rubric-lesson';

/** Screen 3, one rubric: its lesson, where it sits, its labels, and the rollouts it came from. */
export function RubricScreen({ id }: { id: string }) {
  // A failed refetch keeps the rubric shown; only a rubric that never arrived shows the failure.
  const { data: rubric, error } = useOperation('rubrics.get', { id }, { tables: rubricViewTables });
  const failure = rubric ? null : error;
  const loadTaxonomy = useTaxonomyStore((s) => s.load);
  const markReady = useAppStore((s) => s.markReady);

  useEffect(() => {
    void loadTaxonomy();
  }, [loadTaxonomy]);

  useEffect(() => {
    if (rubric || failure) markReady();
  }, [rubric, failure, markReady]);

  // Escape goes back where the rubric was opened from (a rollout's panel, a library's table);
  // a window opened right here has nowhere to go back to, so it goes to the libraries.
  useCommands([
    {
      id: 'rubric.back',
      group: 'Rubric',
      title: 'Go back',
      keys: ['Escape'],
      run: () => {
        if (history.length > 1) history.back();
        else navigate({ name: 'libraries', id: null });
      },
    },
  ]);

  if (failure) {
    return (
      <div className="screen rubric-screen" data-testid="rubric-screen">
        <div className="empty-state">
          Rubric <span className="mono">{id}</span> could not be opened: {failure.message} <a href="#/libraries">Libraries</a>
        </div>
      </div>
    );
  }
  if (!rubric) return <LoadingState label={`Loading rubric ${id}…`} />;
  return (
    <div className="screen rubric-screen" data-testid="rubric-screen" data-rubric-id={rubric.id}>
      <header className="rubric-header">
        <div className="rubric-title-row">
          <a href="#/libraries" className="back-link" title="All libraries (Esc goes back)">
            ← Libraries
          </a>
          <span className="mono muted">{rubric.id}</span>
          <CategoryBadge code={rubric.category} withName />
          <span className={`badge family-${rubric.family}`}>{rubric.family} family</span>
        </div>
        <h1 data-testid="rubric-title">{rubric.title}</h1>
      </header>
      <div className="rubric-body">
        <div className="rubric-main">
          <RubricLesson rubric={rubric} />
          <RubricEvidence support={rubric.support} />
          <RubricLabelsTable labels={rubric.labels} />
          <section className="rubric-section" aria-labelledby="rubric-verdicts-title">
            <h2 id="rubric-verdicts-title">CWM verdicts</h2>
            <p className="muted">No CWM verdicts yet: they appear here once a judge has run this rubric on programs.</p>
          </section>
        </div>
        <RubricFacts rubric={rubric} />
      </div>
    </div>
  );
}
