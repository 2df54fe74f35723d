import { useEffect } from 'react';
import type { FailureEvent, ProgramVersionRef } from '../../../common/corpus/corpus-types';
import { KindBadge } from '../components/kind-badge';
import { LoadingState } from '../components/loading-state';
import { ModalDialog } from '../components/modal-dialog';
import { formatCount } from '../lib/format';
import { CodeViewer } from '../monaco/code-viewer';
import { formatHash } from '../router/route';
import { programKey, useRolloutStore } from './rollout-store';
import { previousVersionRoute } from './previous-version';

/** Props of the program viewer. */
export interface ProgramViewerProps {
  /** The failure whose traceback points into the program, shown above it for context. */
  failure: FailureEvent;
  program: ProgramVersionRef;
  /** 1-based line to scroll to and mark. */
  line: number;
  onClose(): void;
}

/**
 * A whole program version, read-only in Monaco in a large dialog, scrolled to the line a
 * traceback frame points at and that line marked, with the failure above it and a link to
 * the diff with the version before. Escape (or the close button) goes back to the traceback.
 */
export function ProgramViewer({ failure, program, line, onClose }: ProgramViewerProps) {
  const content = useRolloutStore((s) => s.programs[programKey(program)]);
  const rollout = useRolloutStore((s) => s.rolloutId);
  const loadProgram = useRolloutStore((s) => s.loadProgram);
  useEffect(() => {
    void loadProgram(program);
  }, [loadProgram, program]);

  const { path, version } = program;
  const compare = rollout !== null ? previousVersionRoute(rollout, path, version) : null;
  const previous = compare ? formatHash(compare) : null;
  return (
    <ModalDialog title={`${path}@v${version}`} testId="program-viewer" canClose onClose={onClose}>
      <div className="program-viewer">
        <div className="program-viewer-context">
          <KindBadge kind={failure.kind} />
          {failure.exceptionClass && <span className="exception-class mono">{failure.exceptionClass}</span>}
          {failure.message && <span className="mono program-viewer-message">{failure.message}</span>}
          <span className="pane-meta">
            {rollout} {failure.step !== null && `· step ${failure.step} `}· line {line}
            {content && ` of ${formatCount(content.lines)}`}
          </span>
          {previous && (
            <a href={previous} data-testid="program-diff-link" title={`Compare v${version - 1} with v${version} of ${path}`}>
              Diff with previous version
            </a>
          )}
        </div>
        {content ? (
          <CodeViewer content={content.content} path={path} line={line} ariaLabel={`${path} version ${version}, read-only`} testId="program-code" autoFocus />
        ) : (
          <LoadingState label="Loading program…" />
        )}
      </div>
    </ModalDialog>
  );
}
