import { useShallow } from 'zustand/react/shallow';
import { wasCancelled } from '../lib/import-results';
import { isRunning, useImportStore, type ImportPhase } from '../stores/import-store';

function heading(phase: ImportPhase, done: number, total: number, cancelled: boolean): string {
  const current = Math.min(done + 1, total);
  if (phase === 'uploading') return `Uploading file ${current} of ${total}`;
  if (phase === 'importing') return `Importing file ${current} of ${total}`;
  return cancelled ? 'Cancelled' : 'Finished';
}

/**
 * Files done out of all files; the file being worked on shows as a moving stripe, since how
 * far into one file the import is cannot be told before it is read.
 */
export function ImportProgressBar() {
  const { phase, progress, failed, cancelled } = useImportStore(
    useShallow((s) => ({
      phase: s.phase,
      progress: s.progress,
      failed: s.rows?.some((r) => r.status === 'failed') ?? false,
      cancelled: s.rows?.some(wasCancelled) ?? false,
    })),
  );
  const total = Math.max(progress.total, 1);
  const share = 100 / total;
  const done = Math.min(progress.done, total);
  const working = isRunning(phase) && done < total;
  return (
    <div className="import-progress" data-testid="import-progress" data-phase={phase}>
      <div className="progress-text">
        <strong>{heading(phase, done, total, cancelled)}</strong>
        <span className={phase === 'finished' && failed ? 'progress-message failure-count' : 'progress-message muted'}>{progress.message}</span>
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
        <div className={phase === 'finished' && failed ? 'progress-done mixed' : 'progress-done'} style={{ width: `${done * share}%` }} />
        {working && <div className="progress-current" style={{ left: `${done * share}%`, width: `${share}%` }} />}
      </div>
    </div>
  );
}
