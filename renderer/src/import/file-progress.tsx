/** What a progress bar over files shows: the corpus import and the label import both draw it. */
export interface FileProgressProps {
  testId: string;
  phase: string;
  heading: string;
  message: string;
  /** Whether the finished work had a failure, which colours the message and the bar. */
  failed: boolean;
  done: number;
  total: number;
  /** Files the moving stripe covers while work runs (the file being read, or all the rest). */
  working: number;
}

/**
 * Files done out of all files; the work in progress shows as a moving stripe, since how far into
 * a file the import is cannot be told before it is read.
 */
export function FileProgress({ testId, phase, heading, message, failed, done, total, working }: FileProgressProps) {
  const share = 100 / Math.max(total, 1);
  const finishedWithFailure = phase === 'finished' && failed;
  return (
    <div className="import-progress" data-testid={testId} data-phase={phase}>
      <div className="progress-text">
        <strong>{heading}</strong>
        <span className={finishedWithFailure ? 'progress-message failure-count' : 'progress-message muted'}>{message}</span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Files imported"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} files`}
      >
        <div className={finishedWithFailure ? 'progress-done mixed' : 'progress-done'} style={{ width: `${done * share}%` }} />
        {working > 0 && <div className="progress-current" style={{ left: `${done * share}%`, width: `${working * share}%` }} />}
      </div>
    </div>
  );
}
