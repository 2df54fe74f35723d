import { useEffect, useMemo } from 'react';
import type { ProgramVersionRef } from '../../../common/corpus/corpus-types';
import { LoadingState } from '../components/loading-state';
import { programKey, useRolloutStore } from './rollout-store';
import { useProgramViewerStore } from './program-viewer-store';

const context = 8;

/** Props of a program excerpt. */
export interface ProgramExcerptProps {
  program: ProgramVersionRef;
  /** 1-based line to centre on and highlight. */
  line: number;
}

/**
 * The lines of a program version around the line a failure points at, that line highlighted,
 * and a way to open the whole version in the program viewer at that line.
 */
export function ProgramExcerpt({ program, line }: ProgramExcerptProps) {
  const content = useRolloutStore((s) => s.programs[programKey(program)]?.content);
  const loadProgram = useRolloutStore((s) => s.loadProgram);
  const show = useProgramViewerStore((s) => s.show);
  useEffect(() => {
    void loadProgram(program);
  }, [loadProgram, program]);
  const lines = useMemo(() => content?.replace(/\n$/, '').split('\n') ?? [], [content]);

  const from = Math.max(1, line - context);
  const to = Math.min(lines.length, line + context);
  return (
    <section className="program-excerpt" data-testid="program-excerpt" aria-label="Program excerpt">
      <header className="pane-header">
        <span className="pane-label">program</span>
        <span className="mono">
          {program.path} <span className="muted">v{program.version}</span>
        </span>
        <span className="pane-meta">
          line {line}
          {content !== undefined && ` of ${lines.length}`}
        </span>
        {content !== undefined && (
          <button type="button" className="link-button" data-testid="program-show-whole" onClick={() => show(program)}>
            Show whole program
          </button>
        )}
      </header>
      {content === undefined ? (
        <LoadingState label="Loading program…" />
      ) : (
        <ol className="code-lines" start={from} tabIndex={0} aria-label="Program lines">
          {lines.slice(from - 1, to).map((text, i) => {
            const n = from + i;
            return (
              <li key={n} className={n === line ? 'code-line highlighted' : 'code-line'} aria-current={n === line ? 'true' : undefined}>
                <span className="line-number">{n}</span>
                <span className="line-text">{text || ' '}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
