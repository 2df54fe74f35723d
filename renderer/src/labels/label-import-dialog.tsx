import { useShallow } from 'zustand/react/shallow';
import { ModalDialog } from '../components/modal-dialog';
import { FileProgress } from '../import';
import { isImportingLabels, useLabelImportStore, type LabelImportPhase } from './label-import-store';
import { ChooseLabelFiles } from './choose-label-files';
import { LabelImportResults } from './label-import-results';

function heading(phase: LabelImportPhase, done: number, total: number): string {
  if (phase === 'uploading') return `Uploading file ${Math.min(done + 1, total)} of ${total}`;
  if (phase === 'importing') return `Importing ${total === 1 ? 'the file' : `${total} files`}`;
  return 'Finished';
}

/**
 * The label import's progress and outcome, in the corpus import's style: files done out of
 * all, then a row per file. The import is one call, so while it runs the rest of the bar
 * shows as a moving stripe.
 */
export function LabelImportDialog() {
  const { phase, progress, rows } = useLabelImportStore(useShallow((s) => ({ phase: s.phase, progress: s.progress, rows: s.rows })));
  const close = useLabelImportStore((s) => s.close);
  const running = isImportingLabels(phase);
  const total = Math.max(progress.total, 1);
  const done = Math.min(progress.done, total);
  const failed = rows?.some((r) => r.status === 'failed') ?? false;
  const stripe = phase === 'importing' ? total - done : 1;
  return (
    <ModalDialog title="Import labels" testId="label-import-dialog" canClose={!running} onClose={close}>
      <div className="modal-body">
        <p className="modal-intro">
          Other auditors' label files (bundle <span className="mono">.jsonl</span>, <span className="mono">.jsonl.gz</span> or CSV). Each file is imported whole
          or not at all: a bad line stops that file, and the error names its line and field. Records already in the corpus are counted as duplicates.
        </p>
        <FileProgress
          testId="label-import-progress"
          phase={phase}
          heading={heading(phase, done, total)}
          message={progress.message}
          failed={failed}
          done={done}
          total={total}
          working={running && done < total ? stripe : 0}
        />
        {rows && <LabelImportResults rows={rows} />}
      </div>
      <footer className="modal-foot">
        {phase === 'finished' && (
          <>
            <ChooseLabelFiles testId="label-import-more">Import more files…</ChooseLabelFiles>
            <button type="button" className="button button-primary" data-autofocus onClick={close}>
              Close
            </button>
          </>
        )}
      </footer>
    </ModalDialog>
  );
}
