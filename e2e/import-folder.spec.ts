import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectImported, expectRefused, openImportDialog } from './import-dialog';
import { repoRoot } from './paths';

/** A run folder whose AIDE journal keeps each node's program in a file beside it (`code_file`). */
const runFolder = join(repoRoot, 'fixtures', 'runs', 'aide-code-files');

test('a run folder imports in serve mode with the code files its journal names; the journal alone is refused, naming the code_file', async ({
  workbench,
  page,
}) => {
  const { dialog, corpusCount } = await openImportDialog(workbench, page);

  // The journal on its own: the browser cannot send the files beside it, and the error says how to.
  await page.getByTestId('import-file-input').setInputFiles(join(runFolder, 'journal.json'));
  await page.getByTestId('import-start').click();
  const error = await expectRefused(page, 'journal.json');
  await expect(error).toContainText('field "nodes.0.code_file": names code/node_0.py');
  await expect(error).toContainText('choose its run folder with “Choose folder…”');
  await dialog.getByRole('button', { name: 'Import more files' }).click();

  // The whole folder: the journal is imported, its three code files travel with it.
  await page.getByTestId('import-folder-input').setInputFiles(runFolder);
  await expect(dialog.getByRole('list', { name: 'Files to import' }).getByRole('listitem')).toHaveText([/aide-code-files\/journal\.json/]);
  await expect(page.getByTestId('import-companions')).toContainText('3 other files');
  await page.getByTestId('import-start').click();
  await expectImported(page, 'aide-code-files/journal.json', { format: 'aide', rollouts: 1, steps: 3 });
  await workbench.screenshot('import-folder');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(corpusCount).toContainText('25 of 25 rollouts');
});
