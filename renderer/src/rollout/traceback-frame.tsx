import type { Frame, ProgramVersionRef } from '../../../common/corpus/corpus-types';
import { frameInProgram } from '../lib/frames';

/** Props of one traceback frame. */
export interface TracebackFrameProps {
  frame: Frame;
  /** Whether this is the innermost frame in the agent's program. */
  agent: boolean;
  program: ProgramVersionRef | null;
  focusLine: number | null;
  /** Opens the program viewer at `line`; offered only for frames in the stored program. */
  onOpen(line: number): void;
}

/** One frame: file, line and function, its code, and a button into the program when the frame is in it. */
export function TracebackFrame({ frame, agent, program, focusLine, onOpen }: TracebackFrameProps) {
  const inProgram = program !== null && frameInProgram(frame, program.path);
  const classes = ['frame'];
  if (agent) classes.push('agent-frame');
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
      {agent && <span className="frame-tag">agent's program</span>}
    </>
  );
  return (
    <li className={classes.join(' ')} data-testid="traceback-frame" data-frame-line={frame.line} data-agent-frame={agent ? 'true' : undefined}>
      {inProgram ? (
        <button
          type="button"
          className="frame-location mono"
          title={`Open ${program.path} v${program.version} at line ${frame.line}`}
          data-testid="traceback-frame-open"
          onClick={() => onOpen(frame.line)}
        >
          {location}
        </button>
      ) : (
        <div className="frame-location mono">{location}</div>
      )}
      {frame.code && <div className="frame-code mono">{frame.code}</div>}
    </li>
  );
}
