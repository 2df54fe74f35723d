import { useShallow } from 'zustand/react/shallow';
import { importFormats } from '../../../common/corpus/import-formats';
import { ModalDialog } from '../components/modal-dialog';
import { isRunning, useImportStore, type ImportFormat } from './import-store';
import { ChosenFiles } from './chosen-files';
import { FileDropZone } from './file-drop-zone';
import { ImportProgressBar } from './import-progress-bar';
import { ImportResults } from './import-results';

/** How each format reads in the select; a format added to the contract shows under its own name. */
const formatLabels: Partial<Record<string, string>> = {
  auto: 'Detect from the file',
  bundle: 'Corpus bundle v1 (.jsonl, .jsonl.gz)',
  aide: 'AIDE journal',
  'swe-agent': 'SWE-agent trajectory',
};

/**
 * Imports files into the corpus: choose or drop them, pick a format, watch the progress, then
 * read what each file added or why it was refused. Each file lands whole or not at all.
 */
export function ImportDialog() {
  const { files, format, phase, rows, cancelling } = useImportStore(
    useShallow((s) => ({ files: s.files, format: s.format, phase: s.phase, rows: s.rows, cancelling: s.cancelling })),
  );
  const { close, setFormat, start, cancel, again } = useImportStore.getState();
  const running = isRunning(phase);
  const fileCount = `${files.length} ${files.length === 1 ? 'file' : 'files'}`;

  return (
    <ModalDialog title="Import into the corpus" testId="import-dialog" canClose={!running} onClose={close}>
      <div className="modal-body">
        {phase === 'choosing' ? (
          <>
            <p className="modal-intro">
              Each file is imported whole or not at all: a bad line stops that file, and the error names its line and field. Records already in the corpus are
              counted as duplicates and left as they are.
            </p>
            <FileDropZone />
            <ChosenFiles />
            <label className="facet import-format">
              <span className="facet-label">Format</span>
              <select data-testid="import-format" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
                {importFormats.map((f) => (
                  <option key={f} value={f}>
                    {formatLabels[f] ?? f}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : (
          <ImportProgressBar />
        )}
        {rows && <ImportResults rows={rows} />}
      </div>
      <footer className="modal-foot">
        {phase === 'choosing' && (
          <>
            <button type="button" className="button" onClick={close}>
              Close
            </button>
            <button type="button" className="button button-primary" data-testid="import-start" disabled={files.length === 0} onClick={() => void start()}>
              {files.length === 0 ? 'Import' : `Import ${fileCount}`}
            </button>
          </>
        )}
        {running && (
          <button type="button" className="button" data-testid="import-cancel" data-autofocus disabled={cancelling} onClick={() => void cancel()}>
            {cancelling ? 'Cancelling…' : 'Cancel import'}
          </button>
        )}
        {phase === 'finished' && (
          <>
            <button type="button" className="button" onClick={again}>
              Import more files
            </button>
            <button type="button" className="button button-primary" data-autofocus onClick={close}>
              Close
            </button>
          </>
        )}
      </footer>
    </ModalDialog>
  );
}
