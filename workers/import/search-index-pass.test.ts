import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { importFile } from './import-file';

const tempDir = useTempDir();

const matches = (db: Db, table: 'step_fts' | 'failure_fts', query: string): number[] =>
  db.prepare<unknown[], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).pluck().all(query);

const documents = (db: Db, table: 'step_fts' | 'failure_fts'): number[] =>
  db.prepare<unknown[], number>(`SELECT id FROM ${table}_docsize ORDER BY id`).pluck().all();

const eventId = (db: Db, where: string, ...params: unknown[]): number =>
  db
    .prepare<unknown[], number>(`SELECT id FROM failure_events WHERE ${where}`)
    .pluck()
    .get(...params)!;

/** Both indexes agree with the rows they index, word for word (FTS5 reads each document back from its content table). */
function expectIndexesIntact(db: Db): void {
  db.exec(`INSERT INTO step_fts (step_fts) VALUES ('integrity-check')`);
  db.exec(`INSERT INTO failure_fts (failure_fts) VALUES ('integrity-check')`);
}

/**
 * The search indexes are written in one pass at the end of each import, over the rows that
 * import added: these pin down which rows get a document, since a failure event's document
 * depends on how the event came to be.
 */
describe('the search indexes an import writes', () => {
  it('index every step, read before its rollout or not, and the failure events that have something to find', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const records = [
      { type: 'step', rollout: 'r-2', index: 0, command: 'cat early.txt', stdout: 'zebrafish\n', exitCode: 0 },
      { type: 'step', rollout: 'r-2', index: 1, command: 'python fit.py', stderr: 'Traceback (most recent call last):\nValueError: okapi', exitCode: 1 },
      ...miniBundle(),
      { type: 'rollout', id: 'r-2', task: 'task-1', agent: 'haiku', seed: 2 },
      { type: 'step', rollout: 'r-1', index: 2, command: 'echo done', stdout: 'walrus\n', exitCode: 0 },
      { type: 'step', rollout: 'r-1', index: 3, command: 'echo quiet', exitCode: 0 },
      { type: 'failure', rollout: 'r-1', step: 2, kind: 'wrong_answer', message: 'narwhal printed instead' },
      { type: 'failure', rollout: 'r-1', step: 3, kind: 'wrong_answer' },
      { type: 'failure', rollout: 'r-2', step: null, kind: 'wrong_answer', message: 'grader saw a pelican' },
      { type: 'failure', rollout: 'r-2', step: null, kind: 'invalid_output', cause: 'no message' },
    ];
    await importFile(db, writeBundle(dir, 'first.jsonl', records));

    const steps = db.prepare<unknown[], number>('SELECT id FROM steps ORDER BY id').pluck().all();
    expect(steps).toHaveLength(6);
    expect(documents(db, 'step_fts')).toEqual(steps);
    expect(matches(db, 'step_fts', 'zebrafish')).toEqual([eventStep(db, 'r-2', 0)]);
    expect(matches(db, 'step_fts', 'okapi')).toEqual([eventStep(db, 'r-2', 1)]);
    expect(matches(db, 'step_fts', 'walrus')).toEqual([eventStep(db, 'r-1', 2)]);

    const derivedEarly = eventId(db, 'rollout_id = ? AND step_idx = ?', 'r-2', 1);
    const derived = eventId(db, 'rollout_id = ? AND step_idx = ?', 'r-1', 1);
    const annotated = eventId(db, 'rollout_id = ? AND step_idx = ?', 'r-1', 2);
    const annotatedSilent = eventId(db, 'rollout_id = ? AND step_idx = ?', 'r-1', 3);
    const grading = eventId(db, `rollout_id = 'r-1' AND step_idx IS NULL`);
    const gradingWithMessage = eventId(db, `rollout_id = 'r-2' AND step_idx IS NULL AND message IS NOT NULL`);
    const gradingSilent = eventId(db, `rollout_id = 'r-2' AND step_idx IS NULL AND message IS NULL`);
    // Derived events always have a document; events from failure records only when they carry a message.
    expect(documents(db, 'failure_fts')).toEqual([derivedEarly, derived, annotated, gradingWithMessage].sort((a, b) => a - b));
    expect(documents(db, 'failure_fts')).not.toContain(annotatedSilent);
    expect(documents(db, 'failure_fts')).not.toContain(grading);
    expect(documents(db, 'failure_fts')).not.toContain(gradingSilent);
    expect(matches(db, 'failure_fts', 'okapi')).toEqual([derivedEarly]);
    expect(matches(db, 'failure_fts', 'KeyError')).toEqual([derived]);
    expect(matches(db, 'failure_fts', 'narwhal')).toEqual([annotated]);
    expect(matches(db, 'failure_fts', 'pelican')).toEqual([gradingWithMessage]);
    expectIndexesIntact(db);

    // A second import adds documents for its own rows only, after the first import's.
    const before = { steps: documents(db, 'step_fts'), failures: documents(db, 'failure_fts') };
    await importFile(
      db,
      writeBundle(dir, 'second.jsonl', [
        { type: 'rollout', id: 'r-3', task: 'task-1', agent: 'haiku', seed: 3 },
        { type: 'step', rollout: 'r-3', index: 0, command: 'python go.py', stderr: 'Traceback (most recent call last):\nKeyError: capybara', exitCode: 1 },
      ]),
    );
    const added = eventId(db, 'rollout_id = ? AND step_idx = ?', 'r-3', 0);
    expect(documents(db, 'step_fts')).toEqual([...before.steps, eventStep(db, 'r-3', 0)]);
    expect(documents(db, 'failure_fts')).toEqual([...before.failures, added]);
    expect(matches(db, 'failure_fts', 'capybara')).toEqual([added]);
    expectIndexesIntact(db);
    db.close();
  });

  it('index nothing when the import fails', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const broken = [...miniBundle(), { type: 'step', rollout: 'r-1', index: 5, command: 'ls', stdout: 'marmot', exitCode: 0 }, '{"type":"step"'];
    await expect(importFile(db, writeBundle(dir, 'broken.jsonl', broken))).rejects.toThrow(/broken\.jsonl:15/);
    expect(documents(db, 'step_fts')).toEqual([]);
    expect(documents(db, 'failure_fts')).toEqual([]);
    db.close();
  });
});

function eventStep(db: Db, rollout: string, idx: number): number {
  return db.prepare<unknown[], number>('SELECT id FROM steps WHERE rollout_id = ? AND idx = ?').pluck().get(rollout, idx)!;
}
