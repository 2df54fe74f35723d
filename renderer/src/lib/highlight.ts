/** Splits a search snippet into plain and highlighted runs, from the backend's character ranges. */

/** A run of snippet text; `mark` runs are the words that matched. */
export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * The runs of `text` with `ranges` ([start, end) in UTF-16 units) marked. Ranges are clamped
 * to the text, sorted, and overlapping or touching ones merged, so a malformed or
 * out-of-date range can never drop or repeat text.
 */
export function highlightSegments(text: string, ranges: readonly (readonly [number, number])[]): Segment[] {
  const clamp = (n: number) => Math.min(text.length, Math.max(0, Math.trunc(n)));
  const spans = ranges
    .map(([start, end]) => [clamp(start), clamp(end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), mark: false });
    segments.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}
