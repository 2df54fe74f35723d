/** Which lines of a long output to show while it is collapsed. */

/** The visible head and tail of a collapsed output, as line ranges `[start, end)`. */
export interface ClippedRange {
  head: [number, number];
  tail: [number, number];
  hidden: number;
}

/**
 * Returns the head and tail to show of `lineCount` lines, or null when the output is short
 * enough to show whole (hiding only a handful of lines would save nothing).
 */
export function clipLines(lineCount: number, keep = 200, slack = 50): ClippedRange | null {
  if (lineCount <= keep * 2 + slack) return null;
  return { head: [0, keep], tail: [lineCount - keep, lineCount], hidden: lineCount - keep * 2 };
}
