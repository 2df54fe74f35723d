/** Which aligned row a key moves to on the Compare rollouts screen; pure, so the rules are easy to check. */
import type { AlignedRow } from '../../../common/corpus/rollout-comparison';

/** The row `key` moves to from row `at`, or null when the key is not a move or there is nowhere to go. */
export function rowForKey(key: string, rows: readonly AlignedRow[], at: number): number | null {
  const differing = (from: number, dir: 1 | -1) => {
    for (let i = from; i >= 0 && i < rows.length; i += dir) if (rows[i]!.differs.length > 0) return i;
    return null;
  };
  if (rows.length === 0) return null;
  if (key === 'j' || key === 'ArrowDown') return at + 1 < rows.length ? at + 1 : null;
  if (key === 'k' || key === 'ArrowUp') return at > 0 ? at - 1 : null;
  if (key === 'n') return differing(at + 1, 1);
  if (key === 'p') return differing(at - 1, -1);
  if (key === 'Home') return 0;
  if (key === 'End') return rows.length - 1;
  return null;
}

/** Why a move key went nowhere from row `at`, so it is never silently ignored; null when it moves. */
export function rowEndNote(key: string, rows: readonly AlignedRow[], at: number): string | null {
  if (rowForKey(key, rows, at) !== null) return null;
  if (rows.length === 0) return 'Neither rollout has a step';
  const differs = rows.some((r) => r.differs.length > 0);
  if ((key === 'n' || key === 'p') && !differs) return 'The two rollouts did the same thing on every row';
  if (key === 'n') return `No row after row ${at} differs`;
  if (key === 'p') return `No row before row ${at} differs`;
  if (key === 'j' || key === 'ArrowDown') return `Row ${at} is the last row`;
  if (key === 'k' || key === 'ArrowUp') return `Row ${at} is the first row`;
  return null;
}
