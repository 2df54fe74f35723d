/**
 * Counters for the status bar's counts (`corpus.stats`) and the Corpus screen's filter counts
 * (`corpus.facets`), kept by triggers, so both read a few rows however large the corpus: at
 * 100,000 rollouts, counting them again after every write (every label saved) cost 0.2 to 0.4 s.
 *
 * `corpus_counts` holds the row count of each counted table, and the step and failure-event
 * totals summed from rollout_figures (which counts them per rollout). `facet_counts` holds the
 * rollouts per task, collection, grade and agent, and per first exception and failure kind.
 * Benchmarks are counted through their tasks when read: the tasks are few. The triggers on
 * rollouts and figures fire once per rollout (never per step): an import writes a rollout's
 * figures once, at its end (migration 10). Rows that fall to 0 stay; the reads skip them.
 *
 * Even once per rollout, the figures' triggers made an import of 5,000 rollouts of 10 steps
 * cost a fifth to a third more CPU (measured under load), so an import that writes the figures
 * of many rollouts pauses them (a row in `counters_paused`, inside its own transaction, so no
 * other connection ever sees it) and recounts those counters once with `recountFigureCounters`.
 *
 * Applied migrations are checksummed, so recountFigureCounters must not change once released.
 */
const kinds = ['crash', 'timeout', 'oom', 'killed', 'missing_package', 'wrong_answer', 'invalid_output', 'buggy', 'rejected_edit'] as const;
/** The tables whose row counts `corpus_counts` keeps. */
export const countedTables = ['benchmarks', 'tasks', 'rollouts', 'program_versions', 'rubrics', 'libraries', 'labels', 'attempts'] as const;

/** Adds `delta` (an SQL expression) to the facet value `value` when `when` holds. */
const bump = (facet: string, value: string, delta: string, when: string) =>
  `INSERT INTO facet_counts (facet, value, n) SELECT '${facet}', ${value}, ${delta} WHERE ${when}
    ON CONFLICT (facet, value) DO UPDATE SET n = n + excluded.n;`;

/** The rollout facets of row `row` (`new` or `old`), each moved by `sign`. */
const rolloutFacets = (row: 'new' | 'old', sign: '+1' | '-1') =>
  [
    bump('task', `${row}.task_id`, sign, 'true'),
    bump('collection', `${row}.collection_id`, sign, `${row}.collection_id IS NOT NULL`),
    bump('grade', `coalesce(${row}.grade, 'ungraded')`, sign, 'true'),
    bump('agent', `${row}.agent`, sign, `${row}.agent IS NOT NULL`),
  ].join('\n  ');

/** The figure facets and totals of row `row`, each moved by `sign`. */
const figureFacets = (row: 'new' | 'old', sign: '+' | '-') =>
  [
    `UPDATE corpus_counts SET n = n ${sign} ${row}.steps WHERE name = 'steps' AND ${row}.steps <> 0;`,
    `UPDATE corpus_counts SET n = n ${sign} ${row}.failures WHERE name = 'failures' AND ${row}.failures <> 0;`,
    bump('exception', `${row}.first_exception`, `${sign}1`, `${row}.first_exception IS NOT NULL`),
    ...kinds.map((k) => bump('kind', `'${k}'`, `${sign}1`, `${row}.kind_${k} > 0`)),
  ].join('\n  ');

/** Sets the counters kept from rollout_figures (step and failure totals, first exceptions, kinds) from the whole table. */
export const recountFigureCounters = `DELETE FROM facet_counts WHERE facet IN ('exception', 'kind');
INSERT INTO facet_counts (facet, value, n) SELECT 'exception', first_exception, count(*) FROM rollout_figures WHERE first_exception IS NOT NULL GROUP BY first_exception;
${kinds.map((k) => `INSERT INTO facet_counts (facet, value, n) SELECT 'kind', '${k}', count(*) FROM rollout_figures WHERE kind_${k} > 0;`).join('\n')}
INSERT INTO corpus_counts (name, n) SELECT 'steps', coalesce(sum(steps), 0) FROM rollout_figures WHERE true ON CONFLICT (name) DO UPDATE SET n = excluded.n;
INSERT INTO corpus_counts (name, n) SELECT 'failures', coalesce(sum(failures), 0) FROM rollout_figures WHERE true ON CONFLICT (name) DO UPDATE SET n = excluded.n;`;

/** An update of figures moves only what changed: one trigger per rollout, the statements whose WHERE fails cost a comparison. */
const figureChanges = [
  `UPDATE corpus_counts SET n = n + new.steps - old.steps WHERE name = 'steps' AND new.steps <> old.steps;`,
  `UPDATE corpus_counts SET n = n + new.failures - old.failures WHERE name = 'failures' AND new.failures <> old.failures;`,
  bump('exception', 'old.first_exception', '-1', 'old.first_exception IS NOT NULL AND old.first_exception IS NOT new.first_exception'),
  bump('exception', 'new.first_exception', '1', 'new.first_exception IS NOT NULL AND old.first_exception IS NOT new.first_exception'),
  ...kinds.map((k) => bump('kind', `'${k}'`, `(new.kind_${k} > 0) - (old.kind_${k} > 0)`, `(new.kind_${k} > 0) <> (old.kind_${k} > 0)`)),
].join('\n  ');

export const sql = /* sql */ `
CREATE TABLE corpus_counts (
  name TEXT PRIMARY KEY,
  n    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE facet_counts (
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  n     INTEGER NOT NULL,
  PRIMARY KEY (facet, value)
) WITHOUT ROWID;

CREATE TABLE counters_paused (paused INTEGER PRIMARY KEY);

${countedTables.map((t) => `INSERT INTO corpus_counts (name, n) SELECT '${t}', count(*) FROM ${t};`).join('\n')}
${recountFigureCounters}

INSERT INTO facet_counts (facet, value, n) SELECT 'task', task_id, count(*) FROM rollouts GROUP BY task_id;
INSERT INTO facet_counts (facet, value, n) SELECT 'collection', collection_id, count(*) FROM rollouts WHERE collection_id IS NOT NULL GROUP BY collection_id;
INSERT INTO facet_counts (facet, value, n) SELECT 'grade', coalesce(grade, 'ungraded'), count(*) FROM rollouts GROUP BY coalesce(grade, 'ungraded');
INSERT INTO facet_counts (facet, value, n) SELECT 'agent', agent, count(*) FROM rollouts WHERE agent IS NOT NULL GROUP BY agent;

${countedTables
  .map(
    (t) => `CREATE TRIGGER corpus_counts_${t}_insert AFTER INSERT ON ${t} BEGIN
  UPDATE corpus_counts SET n = n + 1 WHERE name = '${t}';
END;
CREATE TRIGGER corpus_counts_${t}_delete AFTER DELETE ON ${t} BEGIN
  UPDATE corpus_counts SET n = n - 1 WHERE name = '${t}';
END;`,
  )
  .join('\n')}

CREATE TRIGGER facet_counts_rollout_insert AFTER INSERT ON rollouts BEGIN
  ${rolloutFacets('new', '+1')}
END;
CREATE TRIGGER facet_counts_rollout_delete AFTER DELETE ON rollouts BEGIN
  ${rolloutFacets('old', '-1')}
END;
CREATE TRIGGER facet_counts_rollout_update AFTER UPDATE OF task_id, collection_id, grade, agent ON rollouts BEGIN
  ${rolloutFacets('old', '-1')}
  ${rolloutFacets('new', '+1')}
END;
CREATE TRIGGER facet_counts_figures_insert AFTER INSERT ON rollout_figures
WHEN NOT EXISTS (SELECT 1 FROM counters_paused) BEGIN
  ${figureFacets('new', '+')}
END;
CREATE TRIGGER facet_counts_figures_delete AFTER DELETE ON rollout_figures
WHEN NOT EXISTS (SELECT 1 FROM counters_paused) BEGIN
  ${figureFacets('old', '-')}
END;
CREATE TRIGGER facet_counts_figures_update AFTER UPDATE ON rollout_figures
WHEN NOT EXISTS (SELECT 1 FROM counters_paused) BEGIN
  ${figureChanges}
END;
`;
