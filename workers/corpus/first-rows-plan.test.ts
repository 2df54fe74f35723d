import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseRequest } from '../../common/contract';
import { firstRolloutsPage } from '../../common/corpus/first-rollouts-page';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { listRollouts } from './corpus-queries';

/**
 * The Corpus screen's first rows are on the critical path of every start, so their query must
 * cost the same at 100 or 100,000 rollouts: the page an index walk stopped by its LIMIT, the
 * total the trigger-kept counter. Checked by the plans SQLite picks, not by timing.
 */
const tempDir = useTempDir();

it('reads the first page by an index walk and its total from the counter, never counting or sorting the rollouts', async () => {
  const path = join(tempDir(), 'c.db');
  const writer = openCorpus(path);
  await importFile(writer, join(__dirname, '../../fixtures/sample/sample-corpus.jsonl'));
  const executed: string[] = [];
  // `verbose` reports each statement with its parameters bound, so its plan can be asked for as it ran.
  const reader = new Database(path, { readonly: true, verbose: (sql) => executed.push(String(sql)) });
  try {
    const page = listRollouts(reader, parseRequest('rollouts.list', firstRolloutsPage));
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.total).toBe(writer.prepare<[], number>('SELECT count(*) FROM rollouts').pluck().get());

    const plans = executed.map((sql) => ({
      sql,
      plan: reader
        .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((r) => r.detail),
    }));
    for (const { sql, plan } of plans) {
      expect(sql, 'no statement counts rows').not.toMatch(/count\(/i);
      expect(plan.join('\n'), sql).not.toMatch(/TEMP B-TREE/);
    }
    const paging = plans.find(({ sql }) => /ORDER BY .* LIMIT/i.test(sql));
    expect(paging?.plan.join('\n')).toMatch(/^SCAN r USING (COVERING )?INDEX/m);
    expect(plans.some(({ sql }) => sql.includes('corpus_counts'))).toBe(true);
  } finally {
    reader.close();
    writer.close();
  }
});
