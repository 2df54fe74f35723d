import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { exportBaseName, exportsFolder, writeNewFile } from './exports-folder';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

afterEach(() => {
  vi.useRealTimers();
});

describe('label exports without a path', () => {
  it('land in a new file in exports/ beside the corpus, named for the filter and the time, never over another', async () => {
    const dir = tempDir();
    const core = await sampleCore(dir);
    await core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0011'), value: 'C02' });
    // One instant for every export, so the names collide and the suffix has to step in.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-01T12:00:00.123Z'));

    const first = await core.invoke('labels.export', { schema: 'category', annotator: 'cara' });
    expect(first).toEqual({
      path: join(dir, 'exports', 'labels-category-cara-2026-10-01T12-00-00-123Z.jsonl'),
      format: 'bundle',
      records: 1,
      renamedFrom: null,
    });
    expect(JSON.parse(readFileSync(first.path, 'utf8'))).toMatchObject({ type: 'label', annotator: 'cara', value: 'C02' });

    const second = await core.invoke('labels.export', { schema: 'category', annotator: 'cara' });
    expect(second.path).toBe(join(dir, 'exports', 'labels-category-cara-2026-10-01T12-00-00-123Z-2.jsonl'));
    const csv = await core.invoke('labels.export', { format: 'csv' });
    expect(csv.path).toBe(join(dir, 'exports', 'labels-all-2026-10-01T12-00-00-123Z.csv'));
    expect(readFileSync(first.path, 'utf8')).toBe(readFileSync(second.path, 'utf8'));
    expect(readdirSync(join(dir, 'exports')).sort()).toEqual([
      'labels-all-2026-10-01T12-00-00-123Z.csv',
      'labels-category-cara-2026-10-01T12-00-00-123Z-2.jsonl',
      'labels-category-cara-2026-10-01T12-00-00-123Z.jsonl',
    ]);
    core.close();
  });

  it('leaves a file already at the name as it was', () => {
    const folder = join(tempDir(), 'exports');
    const at = new Date('2026-10-01T12:00:00Z');
    const base = exportBaseName({}, at);
    const first = writeNewFile(folder, base, 'csv', 'mine\n');
    writeFileSync(join(folder, `${base}-2.csv`), 'someone else\n');
    const third = writeNewFile(folder, base, 'csv', 'again\n');
    expect(third).toBe(join(folder, `${base}-3.csv`));
    expect(readFileSync(first, 'utf8')).toBe('mine\n');
    expect(readFileSync(join(folder, `${base}-2.csv`), 'utf8')).toBe('someone else\n');
  });

  it('is the folder beside the corpus file, whatever the working directory', () => {
    expect(exportsFolder('/data/corpora/pool.db')).toBe('/data/corpora/exports');
    expect(exportsFolder('pool.db')).toBe(join(process.cwd(), 'exports'));
  });
});
