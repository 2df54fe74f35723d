import { useCommands } from '../commands/use-commands';
import { useImportStore } from './import-store';
import { ImportDialog } from './import-dialog';

/** The corpus header's "Import…" button (key `i`) and the dialog it opens. */
export function ImportButton() {
  const open = useImportStore((s) => s.open);
  const openDialog = useImportStore((s) => s.openDialog);

  useCommands([{ id: 'corpus.import', group: 'Corpus', title: 'Import files into the corpus', keys: ['i'], run: openDialog }]);

  return (
    <>
      <button type="button" className="button header-action" data-testid="import-button" title="Import files into the corpus (i)" onClick={openDialog}>
        Import…
      </button>
      {open && <ImportDialog />}
    </>
  );
}
