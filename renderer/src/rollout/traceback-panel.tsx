import { useEffect } from 'react';
import type { FailureEvent } from '../../../common/corpus/corpus-types';
import { KindBadge } from '../components/kind-badge';
import { failureKindMeaning } from '../lib/failure-kinds';
import { agentFrameIndex, frameInProgram } from '../lib/frames';
import { programKey } from '../stores/rollout-store';
import { ProgramViewer } from './program-viewer';
import { useProgramViewerStore } from '../stores/program-viewer-store';
import { useTracebackCommands } from './use-traceback-commands';

/** Props of the traceback panel. */
export interface TracebackPanelProps {
  failure: FailureEvent;
  /** Line shown in the program excerpt, to mark the frame that shows it. */
  focusLine: number | null;
  /** Called with a line of the failure's program when the reader opens a frame in it. */
  onFocusLine(line: number): void;
}

/**
 * The parsed failure of a step: kind, exception and message, then the frames outermost
 * first, as Python prints them, with the innermost frame in the agent's program highlighted.
 * A frame in the stored program opens that version whole at its line (click, or Enter), in
 * the program viewer, which also opens from the excerpt at the line the excerpt shows.
 */
export function TracebackPanel({ failure, focusLine, onFocusLine }: TracebackPanelProps) {
  const agentFrame = agentFrameIndex(failure);
  const program = failure.program;
  const showProgram = useProgramViewerStore((s) => s.show);
  const closeProgram = useProgramViewerStore((s) => s.close);
  const viewing = useProgramViewerStore((s) => program !== null && s.open === programKey(program));
  // The viewer belongs to this failure: moving to another step closes it.
  useEffect(() => closeProgram, [closeProgram]);
  useTracebackCommands(failure, onFocusLine);
  return (
    <section className="traceback" data-testid="traceback" aria-label="Failure">
      <header className="traceback-head">
        <KindBadge kind={failure.kind} />
        {failure.exceptionClass && (
          <span className="exception-class mono" data-testid="traceback-exception">
            {failure.exceptionClass}
          </span>
        )}
        {failure.category && <span className="category-code" title="failure category">{failure.category}</span>}
      </header>
      {failure.message && <p className="exception-message mono">{failure.message}</p>}
      {failure.cause && <p className="failure-cause">{failure.cause}</p>}
      {!failure.message && !failure.cause && failure.frames.length === 0 && <p className="failure-cause">{failureKindMeaning[failure.kind]}</p>}
      {failure.frames.length > 0 && (
        <ol className="frames" aria-label="Traceback frames, most recent call last">
          {failure.frames.map((frame, i) => {
            const inProgram = program !== null && frameInProgram(frame, program.path);
            const classes = ['frame'];
            if (i === agentFrame) classes.push('agent-frame');
            if (inProgram && frame.line === focusLine) classes.push('focused');
            const location = (
              <>
                <span className="frame-file">{frame.file}</span>:<span className="frame-line">{frame.line}</span>
                {frame.function && (
                  <>
                    <span className="muted"> in </span>
                    <span className="frame-function">{frame.function}</span>
                  </>
                )}
                {i === agentFrame && <span className="frame-tag">agent's program</span>}
              </>
            );
            return (
              <li
                key={i}
                className={classes.join(' ')}
                data-testid="traceback-frame"
                data-frame-line={frame.line}
                data-agent-frame={i === agentFrame ? 'true' : undefined}
              >
                {inProgram ? (
                  <button
                    type="button"
                    className="frame-location mono"
                    title={`Open ${program.path} v${program.version} at line ${frame.line}`}
                    data-testid="traceback-frame-open"
                    onClick={() => {
                      onFocusLine(frame.line);
                      showProgram(program);
                    }}
                  >
                    {location}
                  </button>
                ) : (
                  <div className="frame-location mono">{location}</div>
                )}
                {frame.code && <div className="frame-code mono">{frame.code}</div>}
              </li>
            );
          })}
        </ol>
      )}
      {viewing && program && focusLine !== null && <ProgramViewer failure={failure} program={program} line={focusLine} onClose={closeProgram} />}
    </section>
  );
}
