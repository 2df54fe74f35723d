/**
 * A longest-common-subsequence alignment of two sequences of integer keys: Myers' O((N+M)D)
 * diff in its linear-space form (the middle snake, divided and conquered), so two 10,000-step
 * rollouts need a few arrays of 40,000 cells rather than a 10^8-cell matrix.
 */

/** Matched positions in both sequences, in increasing order of both. */
export interface Alignment {
  pairs: [a: number, b: number][];
  /**
   * Stretches (half-open, in both sequences) that differed by more than `maxEdits` and were left
   * unmatched rather than searched on: their rows are gaps, although some of their keys may match.
   */
  unaligned: { a: [number, number]; b: [number, number] }[];
}

/** Above this many edits in one stretch the search stops: its cost grows with the square of the edits. */
export const defaultMaxEdits = 4096;

/**
 * Aligns `a` with `b`: every pair matches equal keys, and when no stretch exceeds `maxEdits`
 * the pairs are a longest common subsequence.
 */
export function alignSequences(a: ArrayLike<number>, b: ArrayLike<number>, maxEdits = defaultMaxEdits): Alignment {
  const pairs: [number, number][] = [];
  const unaligned: Alignment['unaligned'] = [];
  const size = a.length + b.length + 2;
  const forward = new Int32Array(2 * size + 1);
  const backward = new Int32Array(2 * size + 1);

  /** The middle snake of a[aLo, aHi) × b[bLo, bHi), whose ends differ: [x, y, u, v] or null past `maxEdits`. */
  function middleSnake(aLo: number, aHi: number, bLo: number, bHi: number): [number, number, number, number] | null {
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
    return null;
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
      // A half as large as the whole would recurse for ever; trimming both ends rules that out, and the check keeps it so.
      if (snake === null || (snake[0] === aEnd && snake[1] === bEnd) || (snake[2] === aLo && snake[3] === bLo)) {
        unaligned.push({ a: [aLo, aEnd], b: [bLo, bEnd] });
      } else {
        const [x, y, u, v] = snake;
        align(aLo, x, bLo, y);
        for (let i = 0; i < u - x; i++) pairs.push([x + i, y + i]);
        align(u, aEnd, v, bEnd);
      }
    }
    for (let i = 0; i < aHi - aEnd; i++) pairs.push([aEnd + i, bEnd + i]);
  }

  align(0, a.length, 0, b.length);
  return { pairs, unaligned };
}
