import { useMemo } from 'react';
import { highlightSegments } from '../lib/highlight';

/**
 * Text with its matched words in `<mark>`. Everything goes in as text nodes, so a snippet of
 * any output (HTML included) is shown, never interpreted.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] }) {
  const segments = useMemo(() => highlightSegments(text, ranges), [text, ranges]);
  return <>{segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}</>;
}
