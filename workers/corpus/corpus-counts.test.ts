import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureKinds } from '../../common/corpus/bundle';
import type { CorpusFacets, CorpusStats } from '../../common/corpus/corpus-types';
import { sql as countsMigration } from '../db/migrations/015-corpus-counts';
import type { Db } from '../db/open-corpus';
import { generateCorpus } from '../../scripts/gen-corpus';
import { importFile } from '../import/import-file';
import { importedSample } from '../test-support/imported-sample';
import { useTempDir } from '../test-support/temp-dir';
import { corpusFacets, corpusStats } from './corpus-queries';

const tempDir = useTempDir();
const sample = () => importedSample(tempDir());

/** The status bar's counts the slow way: a count of every table. */
function countedStats(db: Db): CorpusStats {
  const count = (table: string) => db.prepare<unknown[], number>(`SELECT count(*) FROM ${table}`).pluck().get()!;
  return {
    benchmarks: count('benchmarks'),
    tasks: count('tasks'),
    rollouts: count('rollouts'),
    steps: count('steps'),
    programs: count('program_versions'),
    failures: count('failure_events'),
    rubrics: count('rubrics'),
    libraries: count('libraries'),
    labels: count('labels'),
    attempts: count('attempts'),
  };
}

/** The facets the slow way: grouped counts over rollouts, their failure events and tasks. */
function countedFacets(db: Db): CorpusFacets {
  const all = <T>(sql: string) => db.prepare<unknown[], T>(sql).all();
  const first = `(SELECT exception_class FROM failure_events f WHERE f.rollout_id = r.id ORDER BY step_idx IS NULL, step_idx, id LIMIT 1)`;
  return {
    benchmarks: all(`SELECT b.id AS value, coalesce(b.name, b.id) AS label, b.role, b.discipline, count(r.id) AS count
      FROM benchmarks b LEFT JOIN tasks t ON t.benchmark_id = b.id LEFT JOIN rollouts r ON r.task_id = t.id GROUP BY b.id ORDER BY b.id`),
    collections: all(`SELECT c.id AS value, c.name AS label, count(r.id) AS count
      FROM collections c LEFT JOIN rollouts r ON r.collection_id = c.id GROUP BY c.id ORDER BY c.created_at, c.id`),
    grades: all(`SELECT coalesce(grade, 'ungraded') AS value, coalesce(grade, 'ungraded') AS label, count(*) AS count
      FROM rollouts GROUP BY grade ORDER BY count DESC, value`),
    agents: all(`SELECT agent AS value, agent AS label, count(*) AS count FROM rollouts WHERE agent IS NOT NULL GROUP BY agent ORDER BY count DESC, agent`),
    tasks: all(`SELECT task_id AS value, task_id AS label, count(*) AS count FROM rollouts GROUP BY task_id ORDER BY task_id`),
    exceptions: all(`SELECT e AS value, e AS label, count(*) AS count FROM (SELECT ${first} AS e FROM rollouts r) WHERE e IS NOT NULL
      GROUP BY e ORDER BY count DESC, e`),
    kinds: failureKinds
      .map((k) => ({
        value: k,
        label: k.replace(/_/g, ' '),
        count: db.prepare<unknown[], number>(`SELECT count(DISTINCT rollout_id) FROM failure_events WHERE kind = ?`).pluck().get(k)!,
      }))
      .filter((k) => k.count > 0),
  };
}

function expectCountersRight(db: Db): void {
  expect(corpusStats(db)).toEqual(countedStats(db));
  expect(corpusFacets(db)).toEqual(countedFacets(db));
}

describe('the corpus counters', () => {
  it('match the counted figures after an import and after every kind of later change', async () => {
    const db = await sample();
    expect(countedStats(db).rollouts).toBeGreaterThan(10);
    expectCountersRight(db);

    const [a, b] = db
      .prepare<unknown[], string>(`SELECT id FROM rollouts WHERE id IN (SELECT rollout_id FROM failure_events) ORDER BY id LIMIT 2`)
      .pluck()
      .all();
    db.prepare(`UPDATE rollouts SET grade = NULL, agent = 'someone-else' WHERE id = ?`).run(a);
    db.prepare(`UPDATE failure_events SET kind = 'rejected_edit', exception_class = 'NewError' WHERE rollout_id = ?`).run(b);
    db.prepare(
      `INSERT INTO labels (annotator, schema_name, target_kind, target_id, value, made_at, record_hash)
      VALUES ('ana', 'quality_audit', 'rubric', 'x', '"accept"', '2026-01-01T00:00:00Z', 'h')`,
    ).run();
    expectCountersRight(db);

    db.pragma('foreign_keys = OFF');
    db.prepare('DELETE FROM steps WHERE rollout_id = ? AND idx = 0').run(b);
    db.prepare('DELETE FROM failure_events WHERE rollout_id = ?').run(a);
    for (const table of ['failure_events', 'steps', 'program_versions']) db.prepare(`DELETE FROM ${table} WHERE rollout_id = ?`).run(b);
    db.prepare('DELETE FROM rollouts WHERE id = ?').run(b);
    db.prepare('DELETE FROM labels').run();
    expectCountersRight(db);
  });

  it('are recounted whole after an import of many rollouts, which pauses their triggers', async () => {
    const dir = tempDir();
    const db = await importedSample(dir);
    const bundle = join(dir, 'many.jsonl');
    await generateCorpus({ rollouts: 1_200, stepsPerRollout: 2, rubrics: 0, out: bundle, seed: 3 });
    const result = await importFile(db, bundle);
    expect(result).toMatchObject({ rollouts: 1_200, error: null });
    expect(db.prepare('SELECT count(*) FROM counters_paused').pluck().get()).toBe(0);
    expectCountersRight(db);
  });

  it('are kept by the triggers again after an import, and untouched by one that fails', async () => {
    const dir = tempDir();
    const db = await importedSample(dir);
    const triggers = () => db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all();
    const counters = () =>
      db.prepare('SELECT * FROM corpus_counts ORDER BY name').all().concat(db.prepare('SELECT * FROM facet_counts ORDER BY facet, value').all());
    const before = { triggers: triggers(), counters: counters() };
    const bundle = join(dir, 'broken.jsonl');
    await generateCorpus({ rollouts: 30, stepsPerRollout: 2, rubrics: 0, out: bundle, seed: 5 });
    appendFileSync(bundle, '{"type": "rollout"}\n');
    await expect(importFile(db, bundle)).rejects.toThrow(/broken\.jsonl:\d+/);
    expect({ triggers: triggers(), counters: counters() }).toEqual(before);

    await generateCorpus({ rollouts: 30, stepsPerRollout: 2, rubrics: 0, out: bundle, seed: 5 });
    await importFile(db, bundle);
    expect(triggers()).toEqual(before.triggers);
    expectCountersRight(db);
    db.prepare(`UPDATE rollouts SET grade = 'wrong' WHERE rowid = (SELECT max(rowid) FROM rollouts)`).run();
    db.prepare(
      `INSERT INTO labels (annotator, schema_name, target_kind, target_id, value, made_at, record_hash)
      VALUES ('ana', 'quality_audit', 'rubric', 'later', '"accept"', '2026-01-01T00:00:00Z', 'h')`,
    ).run();
    expectCountersRight(db);
  });

  it('are backfilled by the migration for a corpus imported before it', async () => {
    const db = await sample();
    for (const [, name] of countsMigration.matchAll(/CREATE TRIGGER (\w+)/g)) db.exec(`DROP TRIGGER ${name}`);
    db.exec('DROP TABLE corpus_counts; DROP TABLE facet_counts; DROP TABLE counters_paused');
    db.exec(countsMigration);
    expectCountersRight(db);
  });
});
