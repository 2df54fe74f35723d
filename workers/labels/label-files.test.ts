import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredLabel } from '../../common/labels/labels';
import type { Core } from '../core/core';
import { parseCsv } from '../util/csv';
import { useTempDir } from '../test-support/temp-dir';
import { decodeValue, encodeValue } from './label-csv';
import { rubric, sampleCore } from './test-support/label-test-kit';

const tempDir = useTempDir();

/** A history without row ids, which differ between corpora. */
async function historyOf(core: Core, annotator: string): Promise<Omit<StoredLabel, 'id'>[]> {
  return (await core.invoke('labels.history', { annotator })).labels.map(({ id: _id, ...rest }) => rest);
}

async function labelSomething(core: Core): Promise<void> {
  const add = (req: object) => core.invoke('labels.add', { annotator: 'cara', ...req } as never);
  await add({ schema: 'category', target: rubric('rb-0011'), value: 'C02', note: 'a "quoted", comma\nand a second line' });
  await add({ schema: 'category', target: rubric('rb-0012'), value: 'C01' });
  await core.invoke('labels.undo', { annotator: 'cara', schema: 'category' });
  await add({ schema: 'quality_audit', target: rubric('rb-0056'), value: 'reject', reasons: ['duplicate', 'format'] });
  await add({ schema: 'category', target: rubric('rb-0022'), value: 'Q02', adjudication: true });
  const value = Object.fromEntries(
    [
      'dataset',
      'starting_model',
      'hidden_assets',
      'protocol_exposure',
      'evaluator',
      'network',
      'contamination',
      'resources',
      'submission_timing',
      'receipts',
    ].map((s) => [s, { status: 'clean', evidence: `${s}: receipts agree, see manifest`, impact: '' }]),
  );
  await add({ schema: 'run_audit', target: { kind: 'rollout', id: 'r-0001' }, value });
}

describe('label files', () => {
  it('exports bundle and CSV that import into another corpus as the same records, idempotently', async () => {
    const dir = tempDir();
    const mine = await sampleCore(dir, 'mine.db');
    await labelSomething(mine);
    const bundle = await mine.invoke('labels.export', { out: join(dir, 'cara.jsonl'), annotator: 'cara' });
    const csv = await mine.invoke('labels.export', { out: join(dir, 'cara.csv'), format: 'csv', annotator: 'cara' });
    expect(bundle.records).toBe(6);
    expect(csv.records).toBe(6);
    expect(parseCsv(readFileSync(csv.path, 'utf8'))[0]).toEqual(
      expect.arrayContaining(['annotator', 'schema', 'target_kind', 'target_id', 'value', 'reasons', 'note', 'at']),
    );

    // Its own export is already in the corpus that made it.
    const own = await mine.invoke('labels.import', { paths: [bundle.path, csv.path] });
    expect(own.files.map((f) => [f.format, f.labels, f.duplicates, f.error])).toEqual([
      ['bundle', 0, 6, null],
      ['csv', 0, 6, null],
    ]);

    const theirs = await sampleCore(dir, 'theirs.db');
    const first = await theirs.invoke('labels.import', { paths: [csv.path] });
    expect(first.files[0]).toMatchObject({ format: 'csv', labels: 6, duplicates: 0, error: null });
    expect(await historyOf(theirs, 'cara')).toEqual(await historyOf(mine, 'cara'));
    const again = await theirs.invoke('labels.import', { paths: [csv.path, bundle.path] });
    expect(again.files.map((f) => [f.labels, f.duplicates])).toEqual([
      [0, 6],
      [0, 6],
    ]);
    mine.close();
    theirs.close();
  });

  it('a later label by the same annotator from a file supersedes the earlier one, which stays in the history', async () => {
    const dir = tempDir();
    const core = await sampleCore(dir);
    const earlier = await core.invoke('labels.add', { annotator: 'cara', schema: 'category', target: rubric('rb-0011'), value: 'C02' });
    const later = new Date(Date.parse(earlier.at) + 60_000).toISOString();
    const file = join(dir, 'later.csv');
    writeFileSync(file, `annotator,schema,target_kind,target_id,value,reasons,note,at\ncara,category,rubric,rb-0011,C04,,from the laptop,${later}\n`);
    expect((await core.invoke('labels.import', { paths: [file] })).files[0]).toMatchObject({ labels: 1, duplicates: 0 });
    const queue = await core.invoke('labels.queue', { schema: 'category', annotator: 'cara', targetSet: { kind: 'library', library: 'whole-rollout-pool' } });
    expect(queue.items[0]!.mine).toMatchObject({ value: 'C04', note: 'from the laptop' });
    expect((await core.invoke('labels.history', { annotator: 'cara' })).labels.map((l) => l.value)).toEqual(['C02', 'C04']);
    core.close();
  });

  it('refuses a bad CSV file whole, naming the file, the row and the field', async () => {
    const dir = tempDir();
    const core = await sampleCore(dir);
    const header = 'annotator,schema,target_kind,target_id,value,reasons,note,at';
    const files = {
      'extra-column.csv': `${header},colour\nana,category,rubric,rb-0011,C01,,,2026-11-01T00:00:00Z,red\n`,
      'bad-row.csv': `${header}\nana,category,rubric,rb-0011,C01,,,2026-11-01T00:00:00Z\nana,category,shelf,rb-0012,C01,,,2026-11-01T00:00:00Z\n`,
      'bad-json.csv': `${header}\nana,category,rubric,rb-0011,{oops,,,2026-11-01T00:00:00Z\n`,
    };
    const paths = Object.entries(files).map(([name, text]) => (writeFileSync(join(dir, name), text), join(dir, name)));
    const result = await core.invoke('labels.import', { paths });
    expect(result.files.map((f) => f.error?.message)).toEqual([
      expect.stringContaining('extra-column.csv:1: unknown column(s) colour'),
      expect.stringContaining('bad-row.csv:3 field "target.kind"'),
      expect.stringContaining('bad-json.csv:2: a cell holds malformed JSON'),
    ]);
    expect((await core.invoke('labels.history', { annotator: 'ana', schema: 'category' })).total).toBe(30);
    core.close();
  });

  it('encodes values so each reads back as itself', () => {
    for (const value of ['C01', 'accept', '', ' padded', '123', 'true', 'null', '{not json', 42, true, null, { a: [1, 'x'] }, ['x']]) {
      expect(decodeValue(encodeValue(value))).toEqual(value);
    }
  });
});
