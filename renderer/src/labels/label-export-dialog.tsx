import { useShallow } from 'zustand/react/shallow';
import { useOperation } from '../api/use-operation';
import { ModalDialog } from '../components/modal-dialog';
import { useLabelExportStore, type LabelExportFormat } from './label-export-store';
import { reportError } from '../app-state/app-store';
import { useLabelSchemas } from './use-label-schemas';
import { CopyablePath } from './copyable-path';

const formats: { value: LabelExportFormat; text: string }[] = [
  { value: 'bundle', text: 'Bundle v1 (.jsonl)' },
  { value: 'csv', text: 'CSV for spreadsheets (.csv)' },
];

/** The annotators the filter offers: the chosen one, and everyone with a label record under the chosen schema (or any). */
function useAnnotators(chosen: string | null, schema: string | null): string[] {
  const all = useOperation('labels.history', { schema: schema ?? undefined, limit: 1 }, { onError: reportError }).data?.annotators ?? [];
  return [...new Set([...(chosen === null ? [] : [chosen]), ...all])].sort();
}

/** The filters and format, before the file is written. */
function ExportChoices() {
  const { format, schema, annotator, error } = useLabelExportStore(
    useShallow((s) => ({ format: s.format, schema: s.schema, annotator: s.annotator, error: s.error })),
  );
  const choose = useLabelExportStore((s) => s.choose);
  const schemas = useLabelSchemas().data ?? [];
  const annotators = useAnnotators(annotator, schema);
  return (
    <>
      <p className="modal-intro">
        Every label record the filters select, superseded, retracted and adjudication records included, so another corpus imports them as the same records. The
        file is written to the <span className="mono">exports</span> folder beside the corpus.
      </p>
      <div className="label-export-fields">
        <label className="facet">
          <span className="facet-label">Format</span>
          <select data-testid="label-export-format" value={format} onChange={(e) => choose({ format: e.target.value as LabelExportFormat })}>
            {formats.map((f) => (
              <option key={f.value} value={f.value}>
                {f.text}
              </option>
            ))}
          </select>
        </label>
        <label className="facet">
          <span className="facet-label">Schema</span>
          <select data-testid="label-export-schema" value={schema ?? ''} onChange={(e) => choose({ schema: e.target.value || null })}>
            <option value="">All schemas</option>
            {schemas.map((s) => (
              <option key={s.name} value={s.name}>
                {s.definition.title}
              </option>
            ))}
          </select>
        </label>
        <label className="facet">
          <span className="facet-label">Annotator</span>
          <select data-testid="label-export-annotator" value={annotator ?? ''} onChange={(e) => choose({ annotator: e.target.value || null })}>
            <option value="">All annotators</option>
            {annotators.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p className="label-file-error" data-testid="label-export-error">
          {error.message}
        </p>
      )}
    </>
  );
}

/** Where the file went: its path on the backend's disk, and in serve mode its download into this browser. */
function ExportOutcome() {
  const { result, downloads, downloaded, error } = useLabelExportStore(
    useShallow((s) => ({ result: s.result, downloads: s.downloads, downloaded: s.downloaded, error: s.error })),
  );
  if (!result) return null;
  const records = `${result.records} label ${result.records === 1 ? 'record' : 'records'}`;
  return (
    <div className="label-export-outcome" data-testid="label-export-result" data-records={result.records} data-downloaded={downloaded ?? ''}>
      <p>
        <strong>{records}</strong> written{downloads ? ' on the server' : ''} to
      </p>
      <CopyablePath path={result.path} testId="label-export-path" />
      {downloads && downloaded && (
        <p>
          Saved to this browser's downloads as <span className="mono">{downloaded}</span>.
        </p>
      )}
      {error && (
        <p className="label-file-error" data-testid="label-export-error">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** Export labels to a file: bundle or CSV, one schema or all, one annotator or all. */
export function LabelExportDialog() {
  const { phase, downloads } = useLabelExportStore(useShallow((s) => ({ phase: s.phase, downloads: s.downloads })));
  const { close, start, download } = useLabelExportStore.getState();
  return (
    <ModalDialog title="Export labels" testId="label-export-dialog" canClose={phase !== 'exporting'} onClose={close}>
      <div className="modal-body">{phase === 'finished' ? <ExportOutcome /> : <ExportChoices />}</div>
      <footer className="modal-foot">
        {phase === 'finished' ? (
          <>
            {downloads && (
              <button type="button" className="button" data-testid="label-export-download" onClick={() => void download()}>
                Download again
              </button>
            )}
            <button type="button" className="button button-primary" data-autofocus onClick={close}>
              Close
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" disabled={phase === 'exporting'} onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              data-testid="label-export-start"
              data-autofocus
              disabled={phase === 'exporting'}
              onClick={() => void start()}
            >
              {phase === 'exporting' ? 'Exporting…' : 'Export'}
            </button>
          </>
        )}
      </footer>
    </ModalDialog>
  );
}
