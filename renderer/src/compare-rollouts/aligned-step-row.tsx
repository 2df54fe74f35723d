import { memo } from 'react';
import type { StepRow } from '../../../common/corpus/corpus-types';
import type { AlignedRow } from '../../../common/corpus/rollout-comparison';
import { StepListRow, stepRowHeight } from '../components/step-list-row';
import { describeDifferences, oneSidedFailure } from './row-look';

/** Every aligned row has the height of a two-line step, so both sides line up whatever they show. */
export const alignedRowHeight = stepRowHeight.double;

export type Side = 'a' | 'b';

/** Props of one aligned row. */
export interface AlignedStepRowProps {
  index: number;
  row: AlignedRow;
  stepA: StepRow | undefined;
  stepB: StepRow | undefined;
  top: number;
  selected: boolean;
  focus: Side;
  firstDivergence: boolean;
  onSelect(index: number, side: Side): void;
}

/** One side of the row: its step (the Rollout screen's own step row), a gap, or a row still loading. */
function SideCell({
  side,
  position,
  step,
  selected,
  onSelect,
}: {
  side: Side;
  position: number | null;
  step: StepRow | undefined;
  selected: boolean;
  onSelect(): void;
}) {
  if (position === null) {
    return (
      <div role="gridcell" className="aligned-gap" data-testid={`aligned-gap-${side}`} onClick={onSelect}>
        no step in {side.toUpperCase()}
      </div>
    );
  }
  return (
    <div className="aligned-side">
      {step ? <StepListRow step={step} top={0} selected={selected} onSelect={onSelect} role="gridcell" /> : <div role="gridcell" className="aligned-loading" />}
    </div>
  );
}

/** One row of the alignment: row number, A's step, what differs, B's step. */
export const AlignedStepRow = memo(function AlignedStepRow({ index, row, stepA, stepB, top, selected, focus, firstDivergence, onSelect }: AlignedStepRowProps) {
  const failedAlone = oneSidedFailure(row.a === null ? undefined : stepA, row.b === null ? undefined : stepB);
  const classes = [
    'aligned-row',
    row.differs.length > 0 ? 'differs' : '',
    failedAlone ? `fails-${failedAlone}-only` : '',
    firstDivergence ? 'first-divergence' : '',
    selected ? 'selected' : '',
  ];
  const describe = describeDifferences(row);
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      aria-selected={selected}
      className={classes.filter(Boolean).join(' ')}
      style={{ transform: `translateY(${top}px)`, height: alignedRowHeight }}
      data-testid="aligned-row"
      data-row={index}
      data-a={row.a ?? ''}
      data-b={row.b ?? ''}
      data-differs={row.differs.join(' ')}
      data-fails-alone={failedAlone ?? ''}
    >
      <div role="rowheader" className="aligned-number" title={firstDivergence ? 'the first row where the two rollouts part' : undefined}>
        {index}
      </div>
      <SideCell side="a" position={row.a} step={stepA} selected={selected && focus === 'a'} onSelect={() => onSelect(index, 'a')} />
      <div role="gridcell" className="aligned-marker" title={describe} aria-label={describe}>
        {row.differs.length === 0 ? '=' : '≠'}
      </div>
      <SideCell side="b" position={row.b} step={stepB} selected={selected && focus === 'b'} onSelect={() => onSelect(index, 'b')} />
    </div>
  );
});
