/**
 * The Markdown of guidelines: paragraphs, `-` lists, `#` headings, **bold**, *emphasis* and
 * `code`. Everything goes in as text nodes, never as HTML: a guideline comes from a file
 * another auditor wrote, and may contain any markup.
 */
import type { ReactNode } from 'react';

/** Inline spans: `code` first (nothing inside it is markup), then **bold** and *emphasis*. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).flatMap((part, i) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return [<code key={`c${i}`}>{part.slice(1, -1)}</code>];
    return part.split(/(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/).map((span, j) => {
      const key = `${i}.${j}`;
      if (span.startsWith('**') && span.endsWith('**') && span.length > 4) return <strong key={key}>{span.slice(2, -2)}</strong>;
      if (span.startsWith('*') && span.endsWith('*') && span.length > 2) return <em key={key}>{span.slice(1, -1)}</em>;
      return span;
    });
  });
}

/** Renders Markdown as React elements. */
export function MarkdownText({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).filter((b) => b.trim() !== '');
  return (
    <div className="markdown">
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => /^\s*[-*] /.test(l))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*[-*] /, ''))}</li>
              ))}
            </ul>
          );
        }
        const heading = /^#{1,6} (.*)$/.exec(block.trim());
        if (heading && lines.length === 1) return <h3 key={i}>{inline(heading[1]!)}</h3>;
        return <p key={i}>{inline(lines.join(' '))}</p>;
      })}
    </div>
  );
}
