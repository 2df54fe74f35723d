/**
 * The corpus's tables (workers/db/migrations), as `db:changed` events name them: a write says
 * which it changed and a view says which it shows, both checked by the compiler against this
 * list, which with `triggerKeptTables` a test holds equal to the ordinary tables of a freshly migrated corpus. A new
 * migration's table goes here too. (The FTS indexes follow their tables and are not named.)
 */
export const corpusTables = [
  'attempt_logs',
  'attempts',
  'benchmarks',
  'cases',
  'categories',
  'category_rules',
  'collections',
  'experiments',
  'failure_events',
  'hosts',
  'imports',
  'label_client_ids',
  'label_cursors',
  'label_marks',
  'label_schemas',
  'labels',
  'libraries',
  'library_rubrics',
  'model_prices',
  'model_requests',
  'people',
  'person_settings',
  'pipeline_run_requests',
  'pipeline_runs',
  'program_versions',
  'rollout_figures',
  'rollouts',
  'rubric_support',
  'rubrics',
  'steps',
  'task_leaderboards',
  'tasks',
  'taxonomies',
  'texts',
  'user_settings',
  'verdicts',
] as const;

export type CorpusTable = (typeof corpusTables)[number];

/**
 * Tables the triggers of migration 15 keep from the tables above (the counts the Corpus screen
 * reads). No write names them: a view of the counts follows the tables they count.
 */
export const triggerKeptTables = ['corpus_counts', 'counters_paused', 'facet_counts'] as const;
