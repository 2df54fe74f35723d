import { useState, type Ref } from 'react';
import type { RetrievedRubric } from '../../../common/rubrics/rubric-types';
import { formatHash } from '../router/route';
import { CategoryBadge, RubricText } from '../rubrics';
import { RubricsCardEvidence } from './rubrics-card-evidence';
import { RubricsVerdicts } from './rubrics-verdicts';

/** Props of one retrieved rubric. */
export interface RubricsCardProps {
  rubric: RetrievedRubric;
  /** 1-based place in the retrieval's order (allocation order, then rank). */
  position: number;
  /** Whether the card is the list's tab stop. */
  active: boolean;
  onFocus(): void;
  ref?: Ref<HTMLElement>;
}

/**
 * One retrieved rubric: where it ranks, what it says, why it was retrieved (the case's words
 * that matched it), its labels and sources, and its latest CWM verdicts on this rollout (or
 * "no CWM verdicts yet" rather than a blank).
 */
export function RubricsCard({ rubric, position, active, onFocus, ref }: RubricsCardProps) {
  const [full, setFull] = useState(false);
  // Like the task statement: short lessons show whole, long ones fold to three lines each.
  const long = rubric.appliesWhen.length + rubric.pattern.length > 260;
  // Marks the folded text for the layout check: cut on purpose, with the button below that unfolds it.
  const folded = long && !full ? '' : undefined;
  return (
    <article
      ref={ref}
      className={full || !long ? 'rubric-card' : 'rubric-card clamped'}
      tabIndex={active ? 0 : -1}
      data-testid="rubric-card"
      data-rubric-id={rubric.id}
      data-category={rubric.category}
      data-rank={rubric.rank}
      aria-label={`${position}. ${rubric.title}`}
      onFocus={onFocus}
    >
      <header className="card-head">
        <span className="card-position">{position}</span>
        <a href={formatHash({ name: 'rubric', id: rubric.id })} className="card-title" data-testid="rubric-card-title">
          {rubric.title}
        </a>
      </header>
      <div className="card-meta">
        <CategoryBadge code={rubric.category} withName />
        <span title="Rank within its category by text relevance, then support, then id">
          rank {rubric.rank} in {rubric.category}
        </span>
        <span className={`badge family-${rubric.family}`}>{rubric.family}</span>
        <span title="Source rollouts this rubric was mined from">support {rubric.support}</span>
      </div>
      <dl className="card-text">
        <dt>Applies when</dt>
        <dd data-folded={folded}>
          <RubricText text={rubric.appliesWhen} />
        </dd>
        <dt>Pattern</dt>
        <dd data-folded={folded}>
          <RubricText text={rubric.pattern} />
        </dd>
      </dl>
      {long && (
        <button type="button" className="link-button card-more" aria-expanded={full} onClick={() => setFull(!full)}>
          {full ? 'Less' : 'More'}
        </button>
      )}
      <div className="card-row card-why" data-testid="card-why">
        <span className="card-key" title={`BM25 relevance ${rubric.score.toFixed(2)}`}>
          Why
        </span>
        {rubric.matchedTerms.length === 0 ? (
          <span className="muted">no words of the case matched; it fills its category's slot by support</span>
        ) : (
          <span className="term-chips">
            {rubric.matchedTerms.map((term) => (
              <span key={term} className="term-chip mono">
                {term}
              </span>
            ))}
            <span className="muted score-note">BM25 {rubric.score.toFixed(1)}</span>
          </span>
        )}
      </div>
      <RubricsCardEvidence id={rubric.id} />
      <RubricsVerdicts rubric={rubric.id} />
    </article>
  );
}
