import type { CSSProperties, ReactNode } from 'react';
import type { AnsiLine, AnsiStyle } from '../lib/ansi';

function cssOf(style: AnsiStyle): CSSProperties | null {
  const fg = style.inverse ? (style.bg ?? 'var(--out-bg)') : style.fg;
  const bg = style.inverse ? (style.fg ?? 'var(--out-fg)') : style.bg;
  const css: CSSProperties = {};
  if (fg) css.color = fg;
  if (bg) css.backgroundColor = bg;
  if (style.bold) css.fontWeight = 600;
  if (style.dim) css.opacity = 0.7;
  if (style.italic) css.fontStyle = 'italic';
  if (style.underline) css.textDecoration = 'underline';
  return Object.keys(css).length > 0 ? css : null;
}

/**
 * Renders parsed output lines `[start, end)` as text and styled spans, one line per row of a
 * `<pre>`. Text goes in as text nodes only, so output can never inject markup.
 */
export function AnsiText({ lines, start, end }: { lines: AnsiLine[]; start: number; end: number }) {
  const nodes: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (!line) continue;
    line.forEach((span, j) => {
      const css = cssOf(span.style);
      nodes.push(
        css ? (
          <span key={`${i}.${j}`} style={css}>
            {span.text}
          </span>
        ) : (
          span.text
        ),
      );
    });
    if (i < end - 1) nodes.push('\n');
  }
  return <>{nodes}</>;
}
