/**
 * A longest-common-subsequence alignment of two sequences of integer keys: Myers' O((N+M)D)
 * diff in its linear-space form (the middle snake, divided and conquered), so two 10,000-step
 * rollouts need a few arrays of 40,000 cells rather than a 10^8-cell matrix. Past an edit limit
 * the search splits where its furthest path reached, as git's xdiff does, which bounds the time
 * of two sequences with little in common.
 */

/** Matched positions in both sequences, in increasing order of both. */
export interface Alignment {
  pairs: [a: number, b: number][];
  /**
   * Stretches where the search passed `maxEdits` and split at the furthest point it reached:
   * the pairs are still a common subsequence, but maybe not the longest there. Each is the
   * split point's positions in both sequences.
   */
  approximate: [a: number, b: number][];
}

/** Past this many edits in one stretch the search splits it: its cost grows with the square of the edits. */
export const defaultMaxEdits = 1024;

/**
 * Aligns `a` with `b`: every pair matches equal keys, and when no stretch needs more than
 * `maxEdits` edits the pairs are a longest common subsequence.
 */
export function alignSequences(a: ArrayLike<number>, b: ArrayLike<number>, maxEdits = defaultMaxEdits): Alignment {
  const pairs: [number, number][] = [];
  const approximate: Alignment['approximate'] = [];
  const size = a.length + b.length + 2;
  const forward = new Int32Array(2 * size + 1);
  const backward = new Int32Array(2 * size + 1);

  /**
   * The middle snake of a[aLo, aHi) × b[bLo, bHi), whose ends differ, as [x, y, u, v]; past
   * `maxEdits`, the empty snake where the furthest forward path ended, and `approximate` says so.
   */
  function middleSnake(aLo: number, aHi: number, bLo: number, bHi: number): [number, number, number, number] {
    const n = aHi - aLo;
    const m = bHi - bLo;
    const delta = n - m;
    const odd = (delta & 1) === 1;
    const half = Math.min(Math.ceil((n + m) / 2), Math.ceil(maxEdits / 2));
    // Diagonal k is stored at k + size: forward x on k, and backward x counted from the ends.
    forward[1 + size] = 0;
    backward[1 + size] = 0;
    for (let d = 0; d <= half; d++) {
      for (let k = -d; k <= d; k += 2) {
        let x = k === -d || (k !== d && forward[k - 1 + size]! < forward[k + 1 + size]!) ? forward[k + 1 + size]! : forward[k - 1 + size]! + 1;
        let y = x - k;
        const x0 = x;
        const y0 = y;
        while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
          x++;
          y++;
        }
        forward[k + size] = x;
        const opposite = delta - k;
        if (odd && opposite >= -(d - 1) && opposite <= d - 1 && x + backward[opposite + size]! >= n) return [aLo + x0, bLo + y0, aLo + x, bLo + y];
      }
      for (let k = -d; k <= d; k += 2) {
        let x = k === -d || (k !== d && backward[k - 1 + size]! < backward[k + 1 + size]!) ? backward[k + 1 + size]! : backward[k - 1 + size]! + 1;
        let y = x - k;
        const x0 = x;
        const y0 = y;
        while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) {
          x++;
          y++;
        }
        backward[k + size] = x;
        const opposite = delta - k;
        if (!odd && opposite >= -d && opposite <= d && x + forward[opposite + size]! >= n) return [aHi - x, bHi - y, aHi - x0, bHi - y0];
      }
    }
    // The furthest point a path of `half` edits reached, on a diagonal that stays inside both stretches.
    let x = 0;
    let y = 0;
    for (let k = -half; k <= half; k += 2) {
      const fx = forward[k + size]!;
      const fy = fx - k;
      if (fx <= n && fy >= 0 && fy <= m && fx + fy > x + y) {
        x = fx;
        y = fy;
      }
    }
    // Never the stretch's start: a split there would leave the whole stretch to split again.
    if (x + y === 0) x = 1;
    x += aLo;
    y += bLo;
    approximate.push([x, y]);
    return [x, y, x, y];
  }

  function align(aLo: number, aHi: number, bLo: number, bHi: number): void {
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) pairs.push([aLo++, bLo++]);
    let aEnd = aHi;
    let bEnd = bHi;
    while (aEnd > aLo && bEnd > bLo && a[aEnd - 1] === b[bEnd - 1]) {
      aEnd--;
      bEnd--;
    }
    if (aLo < aEnd && bLo < bEnd) {
      const snake = middleSnake(aLo, aEnd, bLo, bEnd);
      const [x, y, u, v] = snake;
      // A half as large as the whole would recurse for ever; trimming both ends and d >= 1 rule that out.
      if ((x === aEnd && y === bEnd) || (u === aLo && v === bLo)) throw new Error('alignSequences: a stretch split into itself');
      align(aLo, x, bLo, y);
      for (let i = 0; i < u - x; i++) pairs.push([x + i, y + i]);
      align(u, aEnd, v, bEnd);
    }
    for (let i = 0; i < aHi - aEnd; i++) pairs.push([aEnd + i, bEnd + i]);
  }

  align(0, a.length, 0, b.length);
  return { pairs, approximate };
}
