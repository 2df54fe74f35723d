import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from './fixtures';

const queueRoute = '#/labels?schema=category&library=whole-rollout-pool';

/** Another auditor's bundle: dana's category label on rb-0012, which nobody in the sample corpus made. */
const danaBundle = `${JSON.stringify({
  type: 'label',
  annotator: 'dana',
  schema: 'category',
  target: { kind: 'rubric', id: 'rb-0012' },
  value: 'C04',
  reasons: [],
  note: 'from the laptop',
  at: '2026-11-02T10:00:00Z',
})}\n`;

/** A CSV whose second row (line 3) names a target kind that does not exist: its good first row must not land either. */
const brokenCsv = [
  'annotator,schema,target_kind,target_id,value,reasons,note,at',
  'eve,category,rubric,rb-0013,C02,,,2026-11-02T11:00:00Z',
  'eve,category,shelf,rb-0014,C02,,,2026-11-02T11:05:00Z',
  '',
].join('\n');

test.describe('label files', () => {
  let dir: string;
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-label-files-'));
  });
  test.afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('export a bundle into the browser, then import files with a result per file, a bad one naming its line', async ({ workbench, page, request }) => {
    await workbench.call('settings.set', { annotator: 'cara' });
    await workbench.open(queueRoute);
    await expect(page.getByTestId('queue-item')).toHaveAttribute('data-target-id', 'rb-0011');
    await page.keyboard.press('3');
    await expect(page.getByTestId('progress-mine')).toHaveText('1 / 45');
    await expect(page.getByTestId('queue-progress')).toHaveAttribute('data-in-flight', '0');

    // A new annotator's label: the dialog must offer every annotator of the schema (it once listed one of two): the sample's ana and ben, cara on screen, and dev.
    await workbench.call('labels.add', { annotator: 'dev', schema: 'category', target: { kind: 'rubric', id: 'rb-0022' }, value: 'C03' });

    // Export: the dialog opens on the screen's schema and annotator, and the file arrives as a download.
    await page.getByTestId('label-export').click();
    const exportDialog = page.getByTestId('label-export-dialog');
    await expect(exportDialog.getByTestId('label-export-format')).toHaveValue('bundle');
    await expect(exportDialog.getByTestId('label-export-schema')).toHaveValue('category');
    await expect(exportDialog.getByTestId('label-export-annotator')).toHaveValue('cara');
    const offered = exportDialog.getByTestId('label-export-annotator').locator('option');
    await expect(offered).toHaveText(['All annotators', 'ana', 'ben', 'cara', 'dev']);
    const downloading = page.waitForEvent('download');
    await exportDialog.getByTestId('label-export-start').click();
    const download = await downloading;
    const name = download.suggestedFilename();
    expect(name).toMatch(/^labels-category-cara-\d{4}-\d\d-\d\dT[\d-]+Z\.jsonl$/);
    const saved = join(dir, name);
    await download.saveAs(saved);
    const records = readFileSync(saved, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(records).toEqual([
      expect.objectContaining({ type: 'label', annotator: 'cara', schema: 'category', target: { kind: 'rubric', id: 'rb-0011' }, value: 'C03' }),
    ]);
    await expect(exportDialog.getByTestId('label-export-result')).toHaveAttribute('data-downloaded', name);
    await expect(exportDialog.getByTestId('label-export-result')).toHaveAttribute('data-records', '1');
    const written = join(dirname(workbench.dbPath), 'exports', name);
    await expect(exportDialog.getByTestId('label-export-path')).toHaveValue(written);
    expect(readFileSync(written, 'utf8')).toBe(readFileSync(saved, 'utf8'));
    await workbench.screenshot('labels-export');
    await exportDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(exportDialog).toHaveCount(0);

    // The download route serves the exports folder only, and only with the token.
    const get = (path: string, token?: string) =>
      request.get(`${workbench.origin}/exports?path=${encodeURIComponent(path)}`, { headers: token ? { 'x-rwb-token': token } : {} });
    expect((await get(written, workbench.token)).status()).toBe(200);
    expect((await get(written)).status()).toBe(401);
    expect((await get(workbench.dbPath, workbench.token)).status()).toBe(403);
    expect((await get('../corpus.db', workbench.token)).status()).toBe(403);
    // The navigation guard lets the page's own Blob downloads through, and no other download link.
    const prevented = await page.evaluate(
      (href) => {
        const link = document.createElement('a');
        link.href = href;
        link.download = 'corpus.db';
        document.body.append(link);
        const click = new MouseEvent('click', { bubbles: true, cancelable: true });
        link.dispatchEvent(click);
        link.remove();
        return click.defaultPrevented;
      },
      `/exports?path=${encodeURIComponent(written)}`,
    );
    expect(prevented).toBe(true);

    // Import: a new auditor's bundle, the file just exported (already in the corpus) and a broken CSV.
    const dana = join(dir, 'dana.jsonl');
    const broken = join(dir, 'broken.csv');
    writeFileSync(dana, danaBundle);
    writeFileSync(broken, brokenCsv);
    const choosing = page.waitForEvent('filechooser');
    await page.getByTestId('label-import').click();
    await (await choosing).setFiles([dana, saved, broken]);
    const importDialog = page.getByTestId('label-import-dialog');
    await expect(importDialog.getByTestId('label-import-progress')).toHaveAttribute('data-phase', 'finished');
    const rows = importDialog.getByTestId('label-import-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute('data-file', 'dana.jsonl');
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'ok');
    await expect(rows.nth(0)).toHaveAttribute('data-labels', '1');
    await expect(rows.nth(1)).toHaveAttribute('data-file', name);
    await expect(rows.nth(1)).toHaveAttribute('data-labels', '0');
    await expect(rows.nth(1)).toHaveAttribute('data-duplicates', '1');
    await expect(rows.nth(1)).toContainText('already in corpus');
    await expect(rows.nth(2)).toHaveAttribute('data-file', 'broken.csv');
    await expect(rows.nth(2)).toHaveAttribute('data-status', 'failed');
    await expect(rows.nth(2).getByTestId('label-import-error')).toContainText('broken.csv:3 field "target.kind"');
    await expect(importDialog.getByTestId('label-import-progress')).toContainText('2 of 3 files imported; 1 failed (nothing written from it).');
    await workbench.screenshot('labels-files');

    // What landed: dana's label, and nothing of the broken file, its good first row included.
    const history = async (annotator: string) => (await workbench.call('labels.history', { annotator })).total;
    expect(await history('dana')).toBe(1);
    expect(await history('eve')).toBe(0);
    await importDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(importDialog).toHaveCount(0);
    // The queue on screen was fetched again: dana now counts among the annotators.
    await expect(page.getByTestId('queue-progress')).toContainText('dana 1');
  });
});
