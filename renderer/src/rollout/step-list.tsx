import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { StepRow } from '../../../common/corpus/corpus-types';
import { isFailedStep } from '../lib/exit-status';
import { formatCount } from '../lib/format';
import { StepListRow, stepRowSize } from '../components/step-list-row';

/** Props of the step timeline. */
export interface StepListProps {
  steps: StepRow[];
  selected: number | null;
  onSelect(index: number): void;
  /** Why the last move key went nowhere, shown until the selection moves. */
  endNote: string | null;
}

/** The rollout's steps in order, virtualised so rollouts with thousands of steps stay fast. */
export function StepList({ steps, selected, onSelect, endNote }: StepListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: steps.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (steps[i] ? stepRowSize(steps[i]) : 0),
    overscan: 12,
  });
  const position = selected === null ? -1 : steps.findIndex((s) => s.index === selected);

  useEffect(() => {
    if (position >= 0) virtualizer.scrollToIndex(position, { align: 'auto' });
  }, [position, virtualizer]);

  const failed = steps.filter(isFailedStep).length;
  return (
    <div className="step-column">
      <header className="pane-header step-list-head">
        <span className="pane-label">Steps</span>
        <span>
          {formatCount(steps.length)} · <span className={failed > 0 ? 'failure-count' : undefined}>{formatCount(failed)} failed</span>
        </span>
        <span className="pane-meta key-hint">
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>n</kbd>/<kbd>p</kbd> failures
        </span>
      </header>
      <div className="step-list-note" role="status" data-testid="step-list-note">
        {endNote}
      </div>
      <div className="step-list" ref={scrollRef} role="listbox" aria-label="Steps" data-testid="step-list" tabIndex={0}>
        <div className="list-canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const step = steps[item.index];
            if (!step) return null;
            return <StepListRow key={step.index} step={step} top={item.start} selected={step.index === selected} onSelect={onSelect} />;
          })}
        </div>
      </div>
    </div>
  );
}
