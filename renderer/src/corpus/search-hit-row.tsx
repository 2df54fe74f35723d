import { memo } from 'react';
import { HighlightedText } from '../components/highlighted-text';
import type { StepHit } from './search-store';
import { searchHitId } from './search-box';

/** Props of one hit, positioned by the virtualiser, which also measures its height. */
export interface SearchHitRowProps {
  hit: StepHit;
  index: number;
  top: number;
  selected: boolean;
  measure(element: HTMLElement | null): void;
  onOpen(index: number): void;
}

const fieldTitles: Record<StepHit['field'], string> = {
  command: 'matched in the command the agent ran',
  stdout: 'matched in the standard output',
  stderr: 'matched in the standard error (tracebacks are here)',
  rubric: 'matched in a rubric',
};

/** One matching step: which rollout and step, which stream matched, and the words in context. */
export const SearchHitRow = memo(function SearchHitRow({ hit, index, top, selected, measure, onOpen }: SearchHitRowProps) {
  // Snippets often end in the output's final newline, which would only add an empty line.
  const snippet = hit.snippet.trimEnd();
  return (
    <div
      ref={measure}
      id={searchHitId(index)}
      className={selected ? 'search-hit selected' : 'search-hit'}
      style={{ transform: `translateY(${top}px)` }}
      role="option"
      aria-selected={selected}
      data-index={index}
      data-testid="search-hit"
      data-rollout-id={hit.rollout}
      data-step-index={hit.step}
      data-field={hit.field}
      onClick={() => onOpen(index)}
    >
      <div className="hit-meta">
        <span className="mono hit-rollout">{hit.rollout}</span>
        <span className="hit-step">step {hit.step}</span>
        <span className={`badge badge-outline field-badge field-${hit.field}`} title={fieldTitles[hit.field]}>
          {hit.field}
        </span>
      </div>
      <div className="hit-snippet mono">
        <HighlightedText text={snippet} ranges={hit.highlights} />
      </div>
    </div>
  );
});
