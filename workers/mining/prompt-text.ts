/**
 * The pieces of text every model prompt of the pipeline shares: tagged blocks and programs
 * with numbered lines, so that citations can name a program by sha256 and lines by number.
 */

/** Escapes the characters that would end an attribute or open a tag inside a prompt block. */
export function attr(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** A program with right-aligned line numbers, `   12| code`, as citations count them. */
export function numberedLines(text: string): string {
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const width = String(lines.length).length;
  return lines.map((line, i) => `${String(i + 1).padStart(width)}| ${line}`).join('\n');
}

/** A program block: its sha256, where it comes from and its numbered lines. */
export function programBlock(p: { sha256: string; rollout: string; path: string; version: number; text: string; hiddenLines: number }): string {
  const hidden = p.hiddenLines > 0 ? `\n[${p.hiddenLines} more lines not shown]` : '';
  return `<program sha256="${p.sha256}" rollout="${attr(p.rollout)}" path="${attr(p.path)}" version="${p.version}">\n${numberedLines(p.text)}${hidden}\n</program>`;
}

/** A task's metric and its direction, in words. */
export function metricText(metric: string | null, higherIsBetter: boolean | null): string {
  if (metric === null) return 'unspecified';
  return higherIsBetter === null ? metric : `${metric} (${higherIsBetter ? 'higher' : 'lower'} is better)`;
}

/** The rules of citing, the same for miner and judge. */
export const citationRules = [
  'Cite programs only as shown: `program` is the sha256 attribute of a <program> block, `lineStart` and `lineEnd` are',
  'line numbers as printed in that block (1-based, inclusive), and `quote` is text copied exactly from those lines',
  '(without the line numbers). A citation is checked: a quote that is not on the cited lines of the cited program is',
  'rejected, and a quote attributed to the wrong program is rejected as a wrong-program citation.',
].join(' ');
