import { useShallow } from 'zustand/react/shallow';
import { wasCancelled } from '../lib/import-results';
import { isRunning, useImportStore, type ImportPhase } from './import-store';
import { FileProgress } from './file-progress';

function heading(phase: ImportPhase, done: number, total: number, cancelled: boolean): string {
  const current = Math.min(done + 1, total);
  if (phase === 'uploading') return `Uploading file ${current} of ${total}`;
  if (phase === 'importing') return `Importing file ${current} of ${total}`;
  return cancelled ? 'Cancelled' : 'Finished';
}

/** The corpus import's progress: one file at a time, so the stripe covers the file being read. */
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
  const done = Math.min(progress.done, total);
  return (
    <FileProgress
      testId="import-progress"
      phase={phase}
      heading={heading(phase, done, total, cancelled)}
      message={progress.message}
      failed={failed}
      done={done}
      total={total}
      working={isRunning(phase) && done < total ? 1 : 0}
    />
  );
}
