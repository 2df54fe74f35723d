/**
 * The attempt grid as rows: one row per (case, arm), one cell per repeat, in the experiment's
 * case and arm order. A slot with no attempt row (never written) is a null cell.
 */
import type { AttemptRow, ExperimentDetail } from '../../../common/runs/run-types';

export interface GridRow {
  caseId: string;
  arm: string;
  /** Whether this is the case's first arm (the row that names the case). */
  firstOfCase: boolean;
  cells: (AttemptRow | null)[];
}

export interface GridPosition {
  row: number;
  col: number;
}

export function gridRows(detail: ExperimentDetail): GridRow[] {
  const bySlot = new Map(detail.attempts.map((a) => [`${a.case}\0${a.arm}\0${a.repeat}`, a]));
  const repeats = Array.from({ length: detail.repeats }, (_, r) => r);
  return detail.cases.flatMap((c) =>
    detail.arms.map((arm, i) => ({
      caseId: c.id,
      arm,
      firstOfCase: i === 0,
      cells: repeats.map((r) => bySlot.get(`${c.id}\0${arm}\0${r}`) ?? null),
    })),
  );
}

/** Where the attempt `id` sits in the grid, or null. */
export function positionOf(rows: GridRow[], id: number | null): GridPosition | null {
  if (id === null) return null;
  for (let row = 0; row < rows.length; row++) {
    const col = rows[row]!.cells.findIndex((c) => c?.id === id);
    if (col !== -1) return { row, col };
  }
  return null;
}

const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** The position an arrow key moves to, clamped to the grid; null for any other key or an empty grid. */
export function moveInGrid(rows: GridRow[], at: GridPosition, key: string): GridPosition | null {
  const move = moves[key];
  const width = rows[0]?.cells.length ?? 0;
  if (!move || rows.length === 0 || width === 0) return null;
  return {
    row: Math.min(rows.length - 1, Math.max(0, at.row + move[0])),
    col: Math.min(width - 1, Math.max(0, at.col + move[1])),
  };
}
