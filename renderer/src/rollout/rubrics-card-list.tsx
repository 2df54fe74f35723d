import { useRef, useState, type KeyboardEvent } from 'react';
import type { RetrievedRubric } from '../../../common/rubrics/rubric-types';
import { navigate } from '../router/router';
import { RubricsCard } from './rubrics-card';

/** Id of the card list, which the `r` key focuses. */
export const rubricCardListId = 'rubric-card-list';

/**
 * The retrieved rubrics in the backend's order. One card is the tab stop; ↑/↓ (or j/k) move
 * between cards, Home/End to the ends, Enter opens the focused card's rubric.
 */
export function RubricsCardList({ rubrics }: { rubrics: RetrievedRubric[] }) {
  const [active, setActive] = useState(0);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const current = Math.min(active, rubrics.length - 1);

  function focusCard(index: number): void {
    const target = Math.max(0, Math.min(rubrics.length - 1, index));
    setActive(target);
    cards.current[target]?.focus();
    cards.current[target]?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const at = cards.current.findIndex((card) => card !== null && card.contains(event.target as Node));
    if (at === -1) return;
    if (event.key === 'ArrowDown' || event.key === 'j') focusCard(at + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') focusCard(at - 1);
    else if (event.key === 'Home') focusCard(0);
    else if (event.key === 'End') focusCard(rubrics.length - 1);
    // Enter on a link or button inside the card belongs to that control.
    else if (event.key === 'Enter' && event.target === cards.current[at]) navigate({ name: 'rubric', id: rubrics[at]!.id });
    else return;
    // Handled here: the rollout screen must not also move its step selection.
    event.preventDefault();
  }

  if (rubrics.length === 0) return <div className="empty-state">The library has no rubrics for these categories.</div>;
  return (
    <div className="rubric-cards" id={rubricCardListId} role="list" aria-label="Retrieved rubrics" data-testid="rubric-cards" onKeyDown={onKeyDown}>
      {rubrics.map((rubric, i) => (
        <div role="listitem" key={rubric.id}>
          <RubricsCard
            ref={(el) => {
              cards.current[i] = el;
            }}
            rubric={rubric}
            position={i + 1}
            active={i === current}
            onFocus={() => setActive(i)}
          />
        </div>
      ))}
    </div>
  );
}
