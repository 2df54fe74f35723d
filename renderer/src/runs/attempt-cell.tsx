import { memo } from 'react';
import type { AttemptRow } from '../../../common/runs/run-types';
import { attemptSummary, cellValue, shownStatus, statusLooks } from './attempt-status';

/** Props of one slot of the grid. */
export interface AttemptCellProps {
  attempt: AttemptRow | null;
  arm: string;
  repeat: number;
  selected: boolean;
  /** The keyboard cursor: the one cell Tab reaches (roving tabindex). */
  cursor: boolean;
  /** The clock for a running attempt's elapsed time (ms since the epoch); 0 for the others, so they do not re-render each second. */
  now: number;
  onSelect(attempt: AttemptRow): void;
}

/** Seconds as `45s`, `12m05s`, `3h07m`. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Where a running attempt runs: its slot and GPU, as the cell's second line shows it. */
export function slotLabel(attempt: AttemptRow): string | null {
  if (attempt.slot === null) return attempt.status === 'running' ? attempt.host : null;
  return attempt.gpu === null ? attempt.slot : `${attempt.slot} · GPU ${attempt.gpu}`;
}

/** One attempt: its status letter and colour, its score or exit code; every fact in the tooltip. */
export const AttemptCell = memo(function AttemptCell({ attempt, arm, repeat, selected, cursor, now, onSelect }: AttemptCellProps) {
  if (!attempt) {
    return (
      <span
        className="attempt-cell cell-missing"
        role="gridcell"
        data-testid="attempt-cell"
        data-attempt-id=""
        data-status=""
        data-arm={arm}
        data-repeat={repeat}
      >
        –
      </span>
    );
  }
  const shown = shownStatus(attempt);
  const look = statusLooks[shown];
  const running = attempt.status === 'running';
  const elapsed = running && attempt.startedAt !== null && now > 0 ? formatElapsed((now - Date.parse(attempt.startedAt)) / 1000) : null;
  const value = elapsed ?? cellValue(attempt);
  const where = running ? slotLabel(attempt) : null;
  const classes = ['attempt-cell', `status-${shown}`, selected ? 'selected' : '', cursor ? 'cursor' : ''].filter(Boolean).join(' ');
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
      data-shown={shown}
      data-arm={arm}
      data-repeat={repeat}
      data-slot={attempt.slot ?? ''}
      data-gpu={attempt.gpu ?? ''}
      onClick={() => onSelect(attempt)}
    >
      <span className="cell-letter">{look.letter}</span>
      <span className="cell-value">{value}</span>
      {where && (
        <span className="cell-slot" data-testid="cell-slot">
          {where}
        </span>
      )}
    </button>
  );
});
