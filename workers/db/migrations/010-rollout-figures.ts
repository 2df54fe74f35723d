/**
 * Per-rollout figures the Corpus screen lists, sorts and filters by (steps, total duration,
 * failures by kind, the first failure and its exception class), so a page of rollouts never
 * counts steps or failure events row by row.
 *
 * An import recounts the figures of the rollouts it wrote once, at its end
 * (workers/corpus/rollout-figures.ts): insert triggers made an import of the generated corpus
 * cost about 80% more CPU, measured. Every other change (a failure annotation changing a kind,
 * an edit, a delete) is rare, and the triggers below recount its rollout. The first failure is
 * the first in the order a rollout's failures are listed: step failures by step, then grading
 * failures by id. `failure_events_rollout` serves the recounts and every per-rollout read of
 * failure events (the two older indexes are partial, so `WHERE rollout_id = ?` alone could not
 * use them). The figures' own indexes end in the rollout id (the key of a WITHOUT ROWID table),
 * so each sort order, ties broken by id, is an index scan.
 *
 * Applied migrations are checksummed, so recountFigures (which the import's recount uses too)
 * must not change once released.
 */
const kinds = ['crash', 'timeout', 'oom', 'killed', 'missing_package', 'wrong_answer', 'invalid_output', 'buggy', 'rejected_edit'] as const;

const kindColumns = kinds.map((k) => `  kind_${k} INTEGER NOT NULL DEFAULT 0,`).join('\n');

/** Recounts every figure of the rows of rollout_figures that `where` selects. */
export const recountFigures = (where: string) => `UPDATE rollout_figures SET
    (steps, duration_ms) = (SELECT count(*), coalesce(sum(duration_ms), 0) FROM steps WHERE steps.rollout_id = rollout_figures.rollout_id),
    (failures, ${kinds.map((k) => `kind_${k}`).join(', ')}) =
      (SELECT count(*), ${kinds.map((k) => `count(*) FILTER (WHERE kind = '${k}')`).join(', ')}
       FROM failure_events f WHERE f.rollout_id = rollout_figures.rollout_id),
    (first_failure_id, first_failure_step, first_exception) =
      (SELECT id, step_idx, exception_class FROM failure_events f WHERE f.rollout_id = rollout_figures.rollout_id
       ORDER BY step_idx IS NULL, step_idx, id LIMIT 1)
  WHERE ${where};`;

/** Makes sure rollout `id` (an SQL expression) has its row, then recounts it. */
const recountRollout = (id: string) => `INSERT INTO rollout_figures (rollout_id) VALUES (${id}) ON CONFLICT DO NOTHING;
  ${recountFigures(`rollout_id = ${id}`)}`;

export const sql = /* sql */ `
CREATE TABLE rollout_figures (
  rollout_id         TEXT PRIMARY KEY,
  steps              INTEGER NOT NULL DEFAULT 0,
  duration_ms        REAL NOT NULL DEFAULT 0,
  failures           INTEGER NOT NULL DEFAULT 0,
${kindColumns}
  first_failure_id   INTEGER,
  first_failure_step INTEGER,
  first_exception    TEXT
) WITHOUT ROWID;
CREATE INDEX rollout_figures_steps ON rollout_figures(steps);
CREATE INDEX rollout_figures_failures ON rollout_figures(failures);
CREATE INDEX rollout_figures_duration ON rollout_figures(duration_ms);
CREATE INDEX rollout_figures_exception ON rollout_figures(first_exception);

CREATE INDEX failure_events_rollout ON failure_events(rollout_id, kind);
-- The pool's category mix (libraries.mix, retrieval) counts failures by effective category.
CREATE INDEX failure_events_effective_category ON failure_events(coalesce(category, suggested_category, 'uncategorised'));
-- The ledger's totals and filters.
CREATE INDEX model_requests_purpose_status ON model_requests(purpose, status, cost_usd);
-- Each sortable column of rollouts, with the id that breaks ties, so any order pages by index.
CREATE INDEX rollouts_agent_order ON rollouts(agent, id);
CREATE INDEX rollouts_task_order ON rollouts(task_id, id);
CREATE INDEX rollouts_collection_order ON rollouts(collection_id, id);
CREATE INDEX rollouts_seed_order ON rollouts(seed, id);
CREATE INDEX rollouts_grade_order ON rollouts(grade, id);
CREATE INDEX rollouts_score_order ON rollouts(score, id);
CREATE INDEX tasks_benchmark_order ON tasks(benchmark_id, id);

INSERT INTO rollout_figures (rollout_id) SELECT id FROM rollouts;
${recountFigures('true')}

CREATE TRIGGER rollout_figures_rollout_delete AFTER DELETE ON rollouts BEGIN
  DELETE FROM rollout_figures WHERE rollout_id = old.id;
END;
CREATE TRIGGER rollout_figures_step_delete AFTER DELETE ON steps BEGIN
  ${recountFigures('rollout_id = old.rollout_id')}
END;
CREATE TRIGGER rollout_figures_step_update AFTER UPDATE OF rollout_id, duration_ms ON steps
WHEN old.rollout_id IS NOT new.rollout_id OR old.duration_ms IS NOT new.duration_ms BEGIN
  ${recountFigures('rollout_id = old.rollout_id')}
  ${recountRollout('new.rollout_id')}
END;
CREATE TRIGGER rollout_figures_failure_delete AFTER DELETE ON failure_events BEGIN
  ${recountFigures('rollout_id = old.rollout_id')}
END;
CREATE TRIGGER rollout_figures_failure_update AFTER UPDATE OF rollout_id, step_idx, kind, exception_class ON failure_events
WHEN old.rollout_id IS NOT new.rollout_id OR old.step_idx IS NOT new.step_idx
  OR old.kind IS NOT new.kind OR old.exception_class IS NOT new.exception_class BEGIN
  ${recountFigures('rollout_id = old.rollout_id')}
  ${recountRollout('new.rollout_id')}
END;
`;
