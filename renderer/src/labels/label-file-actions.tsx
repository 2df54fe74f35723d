import { Allowed } from '../people/allowed';
import { useLabelExportStore } from './label-export-store';
import { useLabelImportStore } from './label-import-store';
import { ChooseLabelFiles } from './choose-label-files';
import { LabelExportDialog } from './label-export-dialog';
import { LabelImportDialog } from './label-import-dialog';

/**
 * The Labels toolbar's file buttons: other auditors' label files in, this corpus's labels out
 * (the export dialog opens on the screen's schema and annotator), and the dialogs they open.
 */
export function LabelFileActions({ schema, annotator }: { schema: string; annotator: string | null }) {
  const importing = useLabelImportStore((s) => s.phase !== 'idle');
  const exporting = useLabelExportStore((s) => s.open);
  const openExport = useLabelExportStore((s) => s.openDialog);
  return (
    <div className="labels-files">
      <Allowed op="labels.import">
        <ChooseLabelFiles testId="label-import" title="Import label files: bundle .jsonl, .jsonl.gz or CSV">
          Import labels…
        </ChooseLabelFiles>
      </Allowed>
      <button
        type="button"
        className="button"
        data-testid="label-export"
        title="Export labels as a bundle or CSV"
        onClick={(e) => {
          // The dialog gives focus back to its opener; the queue's keys (Enter above all) must reach the queue instead.
          e.currentTarget.blur();
          openExport({ schema, annotator });
        }}
      >
        Export labels…
      </button>
      {importing && <LabelImportDialog />}
      {exporting && <LabelExportDialog />}
    </div>
  );
}
