import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../common/contract';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { toFtsQuery, unmarkSnippet } from './fts-query';
import { search } from './search';

const tempDir = useTempDir();

describe('toFtsQuery', () => {
  it('quotes every word so pasted punctuation is never FTS syntax', () => {
    expect(toFtsQuery(`KeyError: 'Agee' AND (NOT x) "`)).toBe('"KeyError" "Agee" "AND" "NOT" "x"');
  });
  it('matches the last word as a prefix while the user is still typing it', () => {
    expect(toFtsQuery('ModuleNotFo')).toBe('"ModuleNotFo"*');
  });
  it('returns null when nothing searchable is left', () => {
    expect(toFtsQuery(' :: ^^^ ')).toBeNull();
  });
});

describe('unmarkSnippet', () => {
  it('returns plain text and the ranges of highlighted words', () => {
    expect(unmarkSnippet('a \uE000Key\uE001 b \uE000c\uE001')).toEqual({
      text: 'a Key b c',
      highlights: [
        [2, 5],
        [8, 9],
      ],
    });
  });
});

describe('search', () => {
  async function corpus() {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    await importFile(db, writeBundle(dir, 'mini.jsonl', miniBundle()));
    return db;
  }

  it('finds a pasted traceback line in the step that printed it, with highlights', async () => {
    const db = await corpus();
    const { hits } = search(db, parseRequest('search.query', { query: `KeyError: 'Agee'` }));
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit).toMatchObject({ rollout: 'r-1', step: 1, field: 'stderr', rubric: null });
    const highlighted = hit!.highlights.map(([a, b]) => hit!.snippet.slice(a, b));
    expect(highlighted).toContain('KeyError');
    expect(highlighted).toContain('Agee');
    db.close();
  });

  it('attributes a match in the command to the command', async () => {
    const db = await corpus();
    expect(search(db, parseRequest('search.query', { query: 'python solution' })).hits[0]).toMatchObject({ step: 1, field: 'command' });
    db.close();
  });

  it('combines with corpus filters and searches rubric text on request', async () => {
    const db = await corpus();
    expect(search(db, parseRequest('search.query', { query: 'Agee', grade: 'correct' })).hits).toEqual([]);
    expect(search(db, parseRequest('search.query', { query: 'Agee', grade: 'wrong' })).hits).toHaveLength(1);
    const rubricHits = search(db, parseRequest('search.query', { query: 'column names', rubrics: true })).hits.filter((h) => h.field === 'rubric');
    expect(rubricHits).toEqual([expect.objectContaining({ rubric: 'rb-1', rollout: null })]);
    db.close();
  });
});
