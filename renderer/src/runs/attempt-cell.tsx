import { memo } from 'react';
import type { AttemptRow } from '../../../common/domain';
import { attemptSummary, cellValue, statusLooks } from './attempt-status';

/** Props of one slot of the grid. */
export interface AttemptCellProps {
  attempt: AttemptRow | null;
  arm: string;
  repeat: number;
  selected: boolean;
  /** The keyboard cursor: the one cell Tab reaches (roving tabindex). */
  cursor: boolean;
  onSelect(attempt: AttemptRow): void;
}

/** One attempt: its status letter and colour, its score or exit code; every fact in the tooltip. */
export const AttemptCell = memo(function AttemptCell({ attempt, arm, repeat, selected, cursor, onSelect }: AttemptCellProps) {
  if (!attempt) {
    return (
      <span className="attempt-cell cell-missing" role="gridcell" data-testid="attempt-cell" data-attempt-id="" data-status="" data-arm={arm} data-repeat={repeat}>
        –
      </span>
    );
  }
  const look = statusLooks[attempt.status];
  const value = cellValue(attempt);
  const classes = ['attempt-cell', `status-${attempt.status}`, selected ? 'selected' : '', cursor ? 'cursor' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      role="gridcell"
      className={classes}
      tabIndex={cursor ? 0 : -1}
      aria-selected={selected}
      aria-label={`${attempt.case}, ${arm}, repeat ${repeat}: ${look.label}${value ? `, ${value}` : ''}`}
      title={attemptSummary(attempt)}
      data-testid="attempt-cell"
      data-attempt-id={attempt.id}
      data-status={attempt.status}
      data-arm={arm}
      data-repeat={repeat}
      onClick={() => onSelect(attempt)}
    >
      <span className="cell-letter">{look.letter}</span>
      <span className="cell-value">{value}</span>
    </button>
  );
});
