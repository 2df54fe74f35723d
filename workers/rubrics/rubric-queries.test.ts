import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRequest, type RequestOf } from '../../common/contract';
import { sampleBundlePath } from '../core/sample-corpus';
import { openCorpus, type Db } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { getRubric, listRubrics } from './rubric-queries';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rwb-rubrics-'));
  db = openCorpus(join(dir, 'sample.db'));
  await importFile(db, sampleBundlePath);
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const list = (request: RequestOf<'rubrics.list'>) => listRubrics(db, parseRequest('rubrics.list', request));

describe('listRubrics', () => {
  it('pages through every rubric in id order with support and libraries', () => {
    const page = list({ limit: 2 });
    expect(page.total).toBe(67);
    expect(page.rows.map((r) => r.id)).toEqual(['rb-0001', 'rb-0002']);
    expect(page.rows[0]).toMatchObject({ category: 'Q06', family: 'error', miner: 'wrong-answer', libraries: ['wrong-answer-1st'] });
    expect(list({ offset: 66 }).rows.map((r) => r.id)).toEqual(['rb-0067']);
  });

  it('filters by library (in library order), category and family', () => {
    const quota = list({ library: 'quota-24', limit: 1000 });
    expect(quota.total).toBe(24);
    expect(list({ library: 'quota-24', category: 'C03' }).total).toBe(5);
    expect(list({ library: 'whole-rollout-pool', family: 'performance' }).rows.every((r) => r.family === 'performance')).toBe(true);
    expect(list({ library: 'nope' })).toEqual({ total: 0, offset: 0, rows: [] });
  });

  it('searches rubric text and orders by relevance', () => {
    const page = list({ query: 'kappa' });
    expect(page.rows.map((r) => r.id)).toEqual(['rb-0020', 'rb-0047']);
    expect(page.total).toBe(2);
    // Nothing searchable filters nothing, like an empty search box.
    expect(list({ query: ' :: ' }).total).toBe(67);
  });
});

describe('getRubric', () => {
  it('returns the text, evidence, libraries and labels of a rubric', () => {
    const rubric = getRubric(db, 'rb-0011');
    expect(rubric).toMatchObject({ id: 'rb-0011', category: 'C01', family: 'error', miner: 'whole-rollout' });
    expect(rubric.appliesWhen).toContain('third-party package');
    expect(rubric.support).toEqual([
      { rollout: 'r-0006', task: 'dabench-352', grade: 'missing', benchmark: 'infiagent-dabench', benchmarkRole: 'mining', inCorpus: true },
      { rollout: 'r-0101', task: 'dsbench-bike-sharing', grade: 'wrong', benchmark: 'dsbench', benchmarkRole: 'mining', inCorpus: true },
    ]);
    expect(rubric.libraries).toEqual([
      { id: 'whole-rollout-pool', name: 'Whole-rollout' },
      { id: 'quota-24', name: 'Quota 24' },
    ]);
    expect(rubric.labels[0]).toEqual({ annotator: 'ana', schema: 'category', value: 'C01', reasons: [], note: '', at: '2026-10-01T09:04:00Z' });
  });

  it('keeps support from rollouts outside the corpus', async () => {
    const other = openCorpus(join(dir, 'outside.db'));
    const rubric = {
      type: 'rubric',
      id: 'rb-9',
      title: 'T',
      appliesWhen: 'w',
      pattern: 'p',
      family: 'error',
      support: [{ rollout: 'r-gone', task: 'task-1' }],
    };
    const result = await importFile(other, writeBundle(dir, 'outside.jsonl', [...miniBundle(), rubric]));
    expect(result.error).toBeNull();
    expect(getRubric(other, 'rb-9')).toMatchObject({
      category: null,
      fix: null,
      support: [{ rollout: 'r-gone', task: 'task-1', grade: null, benchmark: 'bench', benchmarkRole: 'mining', inCorpus: false }],
      libraries: [],
      labels: [],
    });
    other.close();
  });

  it('names a rubric that is not there', () => {
    expect(() => getRubric(db, 'rb-nope')).toThrow('rubric "rb-nope" is not in this corpus');
  });
});
