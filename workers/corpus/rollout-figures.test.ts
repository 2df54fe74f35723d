import { describe, expect, it } from 'vitest';
import { failureKinds } from '../../common/corpus/bundle';
import { parseRequest } from '../../common/contract';
import type { RolloutRow } from '../../common/corpus/corpus-types';
import { rolloutSortKeys, type RolloutSortKey } from '../../common/corpus/rollout-list';
import { sql as figuresMigration } from '../db/migrations/010-rollout-figures';
import type { Db } from '../db/open-corpus';
import { importedSample } from '../test-support/imported-sample';
import { useTempDir } from '../test-support/temp-dir';
import { corpusFacets, corpusStats, listRollouts } from './corpus-queries';
import { getRollout } from './rollout-queries';
import { oneRow } from '../db/one-row';

const tempDir = useTempDir();
const sample = () => importedSample(tempDir());

/** The figures counted the slow way, straight from steps and failure events. */
function recounted(db: Db): unknown[] {
  return db
    .prepare(
      `SELECT r.id,
        (SELECT count(*) FROM steps s WHERE s.rollout_id = r.id) AS steps,
        (SELECT coalesce(sum(duration_ms), 0) FROM steps s WHERE s.rollout_id = r.id) AS duration,
        (SELECT count(*) FROM failure_events f WHERE f.rollout_id = r.id) AS failures,
        ${failureKinds.map((k) => `(SELECT count(*) FROM failure_events f WHERE f.rollout_id = r.id AND kind = '${k}')`).join(', ')},
        (SELECT exception_class FROM failure_events f WHERE f.rollout_id = r.id ORDER BY step_idx IS NULL, step_idx, id LIMIT 1) AS first
      FROM rollouts r ORDER BY r.id`,
    )
    .raw()
    .all();
}

function stored(db: Db): unknown[] {
  return db
    .prepare(
      `SELECT rollout_id, steps, duration_ms, failures, ${failureKinds.map((k) => `kind_${k}`).join(', ')}, first_exception
      FROM rollout_figures ORDER BY rollout_id`,
    )
    .raw()
    .all();
}

describe('rollout figures', () => {
  it('are written by the import and follow every later change to steps and failure events', async () => {
    const db = await sample();
    const before = recounted(db);
    expect(before.length).toBeGreaterThan(10);
    expect(stored(db)).toEqual(before);

    const event = oneRow(
      db
        .prepare<unknown[], { id: number; rollout_id: string }>(
          'SELECT id, rollout_id FROM failure_events WHERE step_idx IS NOT NULL ORDER BY rollout_id, step_idx LIMIT 1',
        )
        .get(),
    );
    db.prepare(`UPDATE failure_events SET kind = 'oom', exception_class = 'MemoryError' WHERE id = ?`).run(event.id);
    db.prepare(`UPDATE failure_events SET suggested_category = 'C01' WHERE rollout_id = ?`).run(event.rollout_id);
    db.prepare('UPDATE steps SET duration_ms = 12345 WHERE rollout_id = ? AND idx = 0').run(event.rollout_id);
    expect(stored(db)).toEqual(recounted(db));
    expect(getRollout(db, event.rollout_id)).toMatchObject({ firstException: 'MemoryError', failureKinds: { oom: 1 } });

    db.prepare('DELETE FROM failure_events WHERE id = ?').run(event.id);
    const step = oneRow(
      db
        .prepare<unknown[], { rollout_id: string; idx: number }>(
          'SELECT rollout_id, idx FROM steps WHERE NOT EXISTS (SELECT 1 FROM failure_events f WHERE f.rollout_id = steps.rollout_id AND f.step_idx = steps.idx) LIMIT 1',
        )
        .get(),
    );
    db.pragma('foreign_keys = OFF');
    db.prepare('DELETE FROM steps WHERE rollout_id = ? AND idx = ?').run(step.rollout_id, step.idx);
    expect(stored(db)).toEqual(recounted(db));
    // The status bar's counts are summed from the figures.
    const count = (table: string) => oneRow(db.prepare<unknown[], number>(`SELECT count(*) FROM ${table}`).pluck().get());
    expect(corpusStats(db)).toMatchObject({ steps: count('steps'), failures: count('failure_events') });
  });

  it('are backfilled by the migration for a corpus imported before it', async () => {
    const db = await sample();
    const expected = recounted(db);
    // Undo migration 8 (keeping the rows it never touches), then apply it to the imported rows.
    for (const [, name] of figuresMigration.matchAll(/CREATE TRIGGER (\w+)/g)) db.exec(`DROP TRIGGER ${name}`);
    for (const [, name] of figuresMigration.matchAll(/CREATE INDEX (\w+)/g)) db.exec(`DROP INDEX ${name}`);
    db.exec('DROP TABLE rollout_figures');
    db.exec(figuresMigration);
    expect(stored(db)).toEqual(expected);
  });
});

/** What a column sorts by: empty values first ascending; benchmarks then by task; ties by id. */
const sortValue: Record<RolloutSortKey, (r: RolloutRow) => string | number | null> = {
  rollout: (r) => r.id,
  task: (r) => r.taskId,
  benchmark: (r) => r.benchmarkId,
  collection: (r) => r.collectionId,
  agent: (r) => r.agent,
  seed: (r) => r.seed,
  grade: (r) => r.grade,
  score: (r) => r.score,
  steps: (r) => r.steps,
  failures: (r) => r.failures,
  duration: (r) => r.durationMs,
};

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

describe('listRollouts', () => {
  it('sorts by every column in both directions, paging without overlap', async () => {
    const db = await sample();
    const all = listRollouts(db, parseRequest('rollouts.list', { limit: 1000 })).rows;
    for (const sort of rolloutSortKeys) {
      for (const direction of ['asc', 'desc'] as const) {
        const sign = direction === 'asc' ? 1 : -1;
        const expected = [...all]
          .sort(
            (a, b) =>
              sign * (compare(sortValue[sort](a), sortValue[sort](b)) || (sort === 'benchmark' ? compare(a.taskId, b.taskId) : 0) || compare(a.id, b.id)),
          )
          .map((r) => r.id);
        const pages = [0, 7, 14, 21].flatMap((offset) => listRollouts(db, parseRequest('rollouts.list', { sort, direction, offset, limit: 7 })).rows);
        expect(
          pages.map((r) => r.id),
          `${sort} ${direction}`,
        ).toEqual(expected);
      }
    }
  });

  it('gives every page of a filtered order, those past the middle read from the other end, and none past the end', async () => {
    const db = await sample();
    const all = listRollouts(db, parseRequest('rollouts.list', { limit: 1000 })).rows;
    const facets = corpusFacets(db);
    const filters: [Record<string, string>, (r: RolloutRow) => boolean][] = [
      [{}, () => true],
      [{ kind: 'crash' }, (r) => (r.failureKinds.crash ?? 0) > 0],
      [{ grade: 'wrong' }, (r) => r.grade === 'wrong'],
      [
        { exception: facets.exceptions[0]!.value, agent: facets.agents[0]!.value },
        (r) => r.firstException === facets.exceptions[0]!.value && r.agent === facets.agents[0]!.value,
      ],
    ];
    for (const [filter, keep] of filters) {
      for (const sort of ['rollout', 'score', 'duration', 'failures', 'benchmark'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const sign = direction === 'asc' ? 1 : -1;
          const expected = all
            .filter(keep)
            .sort(
              (a, b) =>
                sign * (compare(sortValue[sort](a), sortValue[sort](b)) || (sort === 'benchmark' ? compare(a.taskId, b.taskId) : 0) || compare(a.id, b.id)),
            )
            .map((r) => r.id);
          const label = `${JSON.stringify(filter)} ${sort} ${direction}`;
          expect(expected.length, label).toBeGreaterThan(1);
          for (let offset = 0; offset <= expected.length + 3; offset++) {
            const page = listRollouts(db, parseRequest('rollouts.list', { ...filter, sort, direction, offset, limit: 3 }));
            expect(page.total, label).toBe(expected.length);
            expect(
              page.rows.map((r) => r.id),
              `${label} @${offset}`,
            ).toEqual(expected.slice(offset, offset + 3));
          }
        }
      }
    }
  });

  it('filters by agent, task, first exception and failure kind, combined with the other filters', async () => {
    const db = await sample();
    const all = listRollouts(db, parseRequest('rollouts.list', { limit: 1000 })).rows;
    const facets = corpusFacets(db);
    const cases: [Record<string, string>, (r: RolloutRow) => boolean][] = [
      [{ agent: facets.agents[0]!.value }, (r) => r.agent === facets.agents[0]!.value],
      [{ task: facets.tasks[0]!.value }, (r) => r.taskId === facets.tasks[0]!.value],
      [{ exception: facets.exceptions[0]!.value }, (r) => r.firstException === facets.exceptions[0]!.value],
      ...facets.kinds.map((k): [Record<string, string>, (r: RolloutRow) => boolean] => [{ kind: k.value }, (r) => (r.failureKinds[k.value] ?? 0) > 0]),
      [{ grade: 'wrong', kind: 'crash' }, (r) => r.grade === 'wrong' && (r.failureKinds.crash ?? 0) > 0],
    ];
    for (const [filters, keep] of cases) {
      const page = listRollouts(db, parseRequest('rollouts.list', { ...filters, limit: 1000 }));
      const expected = all.filter(keep).map((r) => r.id);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(
        page.rows.map((r) => r.id),
        JSON.stringify(filters),
      ).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
    for (const k of facets.kinds) expect(k.count).toBe(all.filter((r) => (r.failureKinds[k.value] ?? 0) > 0).length);
    for (const e of facets.exceptions) expect(e.count).toBe(all.filter((r) => r.firstException === e.value).length);
  });
});
