import { useMemo, useState } from 'react';
import { parseAnsiLines } from '../lib/ansi';
import { clipLines } from '../lib/clip-lines';
import { formatBytes, formatCount } from '../lib/format';
import { AnsiText } from './ansi-text';

/** Props of an output pane. */
export interface OutputPaneProps {
  label: 'stdout' | 'stderr';
  text: string;
  /** Size of the stream as stored, which the text's UTF-16 length does not tell. */
  bytes: number;
  testId: string;
}

/**
 * One labelled output stream with ANSI colours. Long outputs show their first and last 200
 * lines (where setup and the error usually are) until the user asks for all of it.
 */
export function OutputPane({ label, text, bytes, testId }: OutputPaneProps) {
  const lines = useMemo(() => parseAnsiLines(text.endsWith('\n') ? text.slice(0, -1) : text), [text]);
  const [showAll, setShowAll] = useState(false);
  const clip = showAll ? null : clipLines(lines.length);
  const empty = text.length === 0;
  return (
    <section className={`output-pane output-${label}`} data-testid={testId} aria-label={label}>
      <header className="pane-header">
        <span className="pane-label">{label}</span>
        <span className="pane-meta">{empty ? 'empty' : `${formatCount(lines.length)} ${lines.length === 1 ? 'line' : 'lines'} · ${formatBytes(bytes)}`}</span>
        {showAll && clipLines(lines.length) && (
          <button type="button" className="link-button" onClick={() => setShowAll(false)}>
            Collapse
          </button>
        )}
      </header>
      {!empty && (
        <pre className="output-text">
          {clip ? (
            <>
              <AnsiText lines={lines} start={clip.head[0]} end={clip.head[1]} />
              <button type="button" className="output-gap" onClick={() => setShowAll(true)}>
                … {formatCount(clip.hidden)} lines hidden · Show all
              </button>
              <AnsiText lines={lines} start={clip.tail[0]} end={clip.tail[1]} />
            </>
          ) : (
            <AnsiText lines={lines} start={0} end={lines.length} />
          )}
        </pre>
      )}
    </section>
  );
}
