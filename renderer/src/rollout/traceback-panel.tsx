import { useEffect, useState } from 'react';
import type { FailureEvent, Frame } from '../../../common/corpus/corpus-types';
import { KindBadge } from '../components/kind-badge';
import { failureKindMeaning } from '../lib/failure-kinds';
import { agentFrameIndex, groupFrames } from '../lib/frames';
import { programKey } from './rollout-store';
import { ProgramViewer } from './program-viewer';
import { useProgramViewerStore } from './program-viewer-store';
import { TracebackFrame } from './traceback-frame';
import { useTracebackCommands } from './use-traceback-commands';

/** Props of the traceback panel. */
export interface TracebackPanelProps {
  failure: FailureEvent;
  /** Line shown in the program excerpt, to mark the frame that shows it. */
  focusLine: number | null;
  /** Called with a line of the failure's program when the reader opens a frame in it. */
  onFocusLine(line: number): void;
}

const range = (first: number, count: number) => Array.from({ length: count }, (_, k) => first + k);

/** What a folded run of library frames says: how many, and which packages they are in. */
function libraryFramesText(frames: Frame[]): string {
  const packages = [...new Set(frames.map((f) => /(?:site|dist)-packages[\\/]([^\\/]+)/.exec(f.file)?.[1] ?? null).filter((p) => p !== null))];
  const noun = frames.length === 1 ? 'library frame' : 'library frames';
  return `▸ ${frames.length} ${noun}${packages.length ? ` in ${packages.join(', ')}` : ''}`;
}

/**
 * The parsed failure of a step: kind, exception and message, then the frames outermost
 * first, as Python prints them, with the innermost frame in the agent's program highlighted
 * and each run of library frames folded into one line until the reader unfolds it.
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
  // Library frames start folded; the first index of each run the reader unfolded.
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  return (
    <section className="traceback" data-testid="traceback" aria-label="Failure">
      <header className="traceback-head">
        <KindBadge kind={failure.kind} />
        {failure.exceptionClass && (
          <span className="exception-class mono" data-testid="traceback-exception">
            {failure.exceptionClass}
          </span>
        )}
        {failure.category && (
          <span className="category-code" title="failure category">
            {failure.category}
          </span>
        )}
      </header>
      {failure.message && <p className="exception-message mono">{failure.message}</p>}
      {failure.cause && <p className="failure-cause">{failure.cause}</p>}
      {!failure.message && !failure.cause && failure.frames.length === 0 && <p className="failure-cause">{failureKindMeaning[failure.kind]}</p>}
      {failure.frames.length > 0 && (
        <ol className="frames" aria-label="Traceback frames, most recent call last">
          {groupFrames(failure).map((group) =>
            group.kind === 'library' && !unfolded.has(group.first) ? (
              <li key={`lib-${group.first}`} className="frame library-frames">
                <button
                  type="button"
                  className="link-button"
                  aria-expanded={false}
                  title="Show the frames inside installed libraries"
                  data-testid="traceback-library-frames"
                  onClick={() => setUnfolded(new Set(unfolded).add(group.first))}
                >
                  {libraryFramesText(failure.frames.slice(group.first, group.first + group.count))}
                </button>
              </li>
            ) : (
              (group.kind === 'own' ? [group.index] : range(group.first, group.count)).map((i) => (
                <TracebackFrame
                  key={i}
                  frame={failure.frames[i]!}
                  agent={i === agentFrame}
                  program={program}
                  focusLine={focusLine}
                  onOpen={(line) => {
                    onFocusLine(line);
                    if (program) showProgram(program);
                  }}
                />
              ))
            ),
          )}
        </ol>
      )}
      {viewing && program && focusLine !== null && <ProgramViewer failure={failure} program={program} line={focusLine} onClose={closeProgram} />}
    </section>
  );
}
