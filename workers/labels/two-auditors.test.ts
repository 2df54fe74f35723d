import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';

const tempDir = useTempDir();

const taxonomy = {
  type: 'taxonomy',
  version: 'v1',
  categories: [
    { code: 'C01', name: 'Missing package', family: 'crash' },
    { code: 'C02', name: 'Missing column', family: 'crash' },
    { code: 'Q01', name: 'Output format', family: 'wrong_answer' },
  ],
};
const rubrics = Array.from({ length: 6 }, (_, i) => ({
  type: 'rubric',
  id: `rb-${i}`,
  title: `Lesson ${i}`,
  appliesWhen: 'always',
  pattern: `pattern ${i}`,
  family: 'error',
}));

/*
 * Hand computation. Six rubrics; cleo and dev label them in their own corpora:
 *   cleo: C01 C01 C02 C02 Q01 Q01
 *   dev:  C01 C02 C02 C02 Q01 C01
 * Agreement on 4 of 6: p_o = 4/6. Marginals: cleo C01 2, C02 2, Q01 2; dev C01 2, C02 3, Q01 1.
 * p_e = (2·2 + 2·3 + 2·1) / 36 = 12/36 = 1/3. kappa = (2/3 − 1/3) / (1 − 1/3) = 0.5.
 * The disagreements are rb-1 (C01 vs C02) and rb-5 (Q01 vs C01).
 */
const cleo = ['C01', 'C01', 'C02', 'C02', 'Q01', 'Q01'];
const dev = ['C01', 'C02', 'C02', 'C02', 'Q01', 'C01'];

async function auditorCorpus(dir: string, name: string, annotator: string, values: string[]): Promise<string> {
  const core = new Core({ dbPath: join(dir, `${name}.db`), shell: 'cli' });
  await core.invoke('import.files', { paths: [writeBundle(dir, `${name}-base.jsonl`, [taxonomy, ...rubrics])] });
  for (const [i, value] of values.entries()) {
    await core.invoke('labels.add', { annotator, schema: 'category', target: { kind: 'rubric', id: `rb-${i}` }, value });
  }
  const out = join(dir, `${name}-labels.jsonl`);
  await core.invoke('labels.export', { out, schema: 'category' });
  core.close();
  return out;
}

describe('two auditors working offline', () => {
  it('label in separate corpora, merge their files, and read the hand-computed kappa with the disagreements queued', async () => {
    const dir = tempDir();
    const files = [await auditorCorpus(dir, 'cleo', 'cleo', cleo), await auditorCorpus(dir, 'dev', 'dev', dev)];

    const merged = new Core({ dbPath: join(dir, 'merged.db'), shell: 'cli' });
    await merged.invoke('import.files', { paths: [writeBundle(dir, 'merged-base.jsonl', [taxonomy, ...rubrics])] });
    const first = await merged.invoke('labels.import', { paths: files });
    expect(first.files.every((f) => f.error === null)).toBe(true);
    // Importing the same files again changes nothing.
    const again = await merged.invoke('labels.import', { paths: files });
    expect(again.files.every((f) => f.error === null)).toBe(true);

    const report = await merged.invoke('labels.agreement', { schema: 'category' });
    expect(report).toMatchObject({ method: 'kappa', annotators: ['cleo', 'dev'], items: 6 });
    expect(report.method === 'kappa' && report.kappa).toBeCloseTo(0.5, 12);

    const disagreements = await merged.invoke('labels.disagreements', { schema: 'category' });
    expect(disagreements.map((d) => d.target.id).sort()).toEqual(['rb-1', 'rb-5']);
    merged.close();
  });
});
