/**
 * The corpus schema of docs/domain.md. Applied migrations are checksummed, so this text
 * must never change once released: later changes go in a new numbered file.
 */
export const sql = /* sql */ `
CREATE TABLE texts (
  hash  TEXT PRIMARY KEY,
  bytes INTEGER NOT NULL,
  body  TEXT NOT NULL
);

CREATE TABLE taxonomies (
  version     TEXT PRIMARY KEY,
  record_hash TEXT NOT NULL,
  extra       TEXT
);

CREATE TABLE categories (
  taxonomy_version TEXT NOT NULL REFERENCES taxonomies(version) DEFERRABLE INITIALLY DEFERRED,
  code       TEXT NOT NULL,
  name       TEXT NOT NULL,
  family     TEXT NOT NULL,
  parent     TEXT,
  guideline  TEXT,
  position   INTEGER NOT NULL,
  extra      TEXT,
  PRIMARY KEY (taxonomy_version, code)
);

CREATE TABLE benchmarks (
  id          TEXT PRIMARY KEY,
  name        TEXT,
  discipline  TEXT NOT NULL CHECK (discipline IN ('ml', 'kernels', 'swe')),
  role        TEXT NOT NULL CHECK (role IN ('mining', 'held_out', 'validation', 'development')),
  record_hash TEXT NOT NULL,
  extra       TEXT
);

CREATE TABLE tasks (
  id               TEXT PRIMARY KEY,
  benchmark_id     TEXT NOT NULL REFERENCES benchmarks(id) DEFERRABLE INITIALLY DEFERRED,
  statement        TEXT NOT NULL,
  metric           TEXT,
  higher_is_better INTEGER,
  facts            TEXT NOT NULL DEFAULT '{"files":[],"packages":[]}',
  record_hash      TEXT NOT NULL,
  extra            TEXT
);
CREATE INDEX tasks_benchmark ON tasks(benchmark_id);

CREATE TABLE collections (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  created_at  TEXT,
  agent       TEXT,
  record_hash TEXT NOT NULL,
  extra       TEXT
);

CREATE TABLE rollouts (
  id               TEXT PRIMARY KEY,
  task_id          TEXT NOT NULL REFERENCES tasks(id) DEFERRABLE INITIALLY DEFERRED,
  collection_id    TEXT REFERENCES collections(id) DEFERRABLE INITIALLY DEFERRED,
  agent            TEXT,
  seed             INTEGER,
  grade            TEXT CHECK (grade IN ('correct', 'wrong', 'missing', 'invalid')),
  score            REAL,
  submitted        TEXT,
  grader_verdict   TEXT,
  medal            TEXT CHECK (medal IN ('gold', 'silver', 'bronze', 'none')),
  above_median     INTEGER,
  valid_submission INTEGER,
  source_format    TEXT NOT NULL DEFAULT 'bundle',
  record_hash      TEXT NOT NULL,
  extra            TEXT
);
CREATE INDEX rollouts_task ON rollouts(task_id);
CREATE INDEX rollouts_collection ON rollouts(collection_id);
CREATE INDEX rollouts_grade ON rollouts(grade);

CREATE TABLE program_versions (
  id           INTEGER PRIMARY KEY,
  rollout_id   TEXT NOT NULL REFERENCES rollouts(id) DEFERRABLE INITIALLY DEFERRED,
  path         TEXT NOT NULL,
  version      INTEGER NOT NULL,
  content_hash TEXT NOT NULL REFERENCES texts(hash),
  lines        INTEGER NOT NULL,
  extra        TEXT,
  UNIQUE (rollout_id, path, version)
);
CREATE INDEX program_versions_content ON program_versions(content_hash);

CREATE TABLE steps (
  id              INTEGER PRIMARY KEY,
  rollout_id      TEXT NOT NULL REFERENCES rollouts(id) DEFERRABLE INITIALLY DEFERRED,
  idx             INTEGER NOT NULL,
  parent_idx      INTEGER,
  command         TEXT NOT NULL,
  stdout_hash     TEXT NOT NULL REFERENCES texts(hash),
  stderr_hash     TEXT NOT NULL REFERENCES texts(hash),
  stdout_bytes    INTEGER NOT NULL,
  stderr_bytes    INTEGER NOT NULL,
  exit_code       INTEGER,
  duration_ms     REAL,
  timed_out       INTEGER NOT NULL DEFAULT 0,
  killed          INTEGER NOT NULL DEFAULT 0,
  score           REAL,
  program_path    TEXT,
  program_version INTEGER,
  record_hash     TEXT NOT NULL,
  extra           TEXT,
  UNIQUE (rollout_id, idx),
  FOREIGN KEY (rollout_id, program_path, program_version)
    REFERENCES program_versions(rollout_id, path, version) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE failure_events (
  id                 INTEGER PRIMARY KEY,
  rollout_id         TEXT NOT NULL REFERENCES rollouts(id) DEFERRABLE INITIALLY DEFERRED,
  step_idx           INTEGER,
  kind               TEXT NOT NULL CHECK (kind IN ('crash', 'timeout', 'oom', 'killed', 'missing_package', 'wrong_answer', 'invalid_output')),
  exception_class    TEXT,
  message            TEXT,
  frames             TEXT NOT NULL DEFAULT '[]',
  traceback          TEXT,
  program_path       TEXT,
  program_version    INTEGER,
  program_line       INTEGER,
  category           TEXT,
  suggested_category TEXT,
  cause              TEXT,
  record_hash        TEXT,
  extra              TEXT,
  FOREIGN KEY (rollout_id, step_idx) REFERENCES steps(rollout_id, idx) DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX failure_events_step ON failure_events(rollout_id, step_idx) WHERE step_idx IS NOT NULL;
CREATE UNIQUE INDEX failure_events_grading ON failure_events(rollout_id, record_hash) WHERE step_idx IS NULL;
CREATE INDEX failure_events_category ON failure_events(category);

CREATE TABLE rubrics (
  id           TEXT PRIMARY KEY,
  title        TEXT NOT NULL,
  applies_when TEXT NOT NULL,
  pattern      TEXT NOT NULL,
  fix          TEXT,
  family       TEXT NOT NULL CHECK (family IN ('error', 'performance')),
  category     TEXT,
  miner        TEXT,
  record_hash  TEXT NOT NULL,
  extra        TEXT
);

CREATE TABLE rubric_support (
  rubric_id  TEXT NOT NULL REFERENCES rubrics(id) DEFERRABLE INITIALLY DEFERRED,
  rollout_id TEXT NOT NULL,
  task_id    TEXT,
  PRIMARY KEY (rubric_id, rollout_id)
);
CREATE INDEX rubric_support_rollout ON rubric_support(rollout_id);

CREATE TABLE libraries (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  method      TEXT NOT NULL CHECK (method IN ('wrong-answer', 'whole-rollout', 'filtered', 'quota', 'hand-curated')),
  built_at    TEXT NOT NULL,
  params      TEXT NOT NULL DEFAULT '{}',
  record_hash TEXT NOT NULL,
  extra       TEXT
);

CREATE TABLE library_rubrics (
  library_id TEXT NOT NULL REFERENCES libraries(id) DEFERRABLE INITIALLY DEFERRED,
  rubric_id  TEXT NOT NULL REFERENCES rubrics(id) DEFERRABLE INITIALLY DEFERRED,
  position   INTEGER NOT NULL,
  PRIMARY KEY (library_id, rubric_id)
);

CREATE TABLE label_schemas (
  name       TEXT NOT NULL,
  version    INTEGER NOT NULL,
  definition TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (name, version)
);

CREATE TABLE labels (
  id               INTEGER PRIMARY KEY,
  annotator        TEXT NOT NULL,
  schema_name      TEXT NOT NULL,
  schema_version   INTEGER,
  taxonomy_version TEXT,
  target_kind      TEXT NOT NULL,
  target_id        TEXT NOT NULL,
  value            TEXT NOT NULL,
  reasons          TEXT NOT NULL DEFAULT '[]',
  note             TEXT NOT NULL DEFAULT '',
  made_at          TEXT NOT NULL,
  needs_review     INTEGER NOT NULL DEFAULT 0,
  record_hash      TEXT NOT NULL,
  extra            TEXT,
  UNIQUE (annotator, schema_name, target_kind, target_id, made_at)
);
CREATE INDEX labels_target ON labels(target_kind, target_id);

CREATE TABLE cases (
  id           TEXT PRIMARY KEY,
  task_id      TEXT NOT NULL REFERENCES tasks(id) DEFERRABLE INITIALLY DEFERRED,
  program      TEXT NOT NULL,
  command      TEXT NOT NULL,
  timeout_s    REAL NOT NULL,
  score_rule   TEXT NOT NULL,
  data_dir     TEXT,
  record_hash  TEXT NOT NULL,
  extra        TEXT
);

CREATE TABLE experiments (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  arms        TEXT NOT NULL,
  repeats     INTEGER NOT NULL,
  record_hash TEXT NOT NULL,
  extra       TEXT
);

CREATE TABLE attempts (
  id            INTEGER PRIMARY KEY,
  experiment_id TEXT NOT NULL REFERENCES experiments(id) DEFERRABLE INITIALLY DEFERRED,
  case_id       TEXT NOT NULL REFERENCES cases(id) DEFERRABLE INITIALLY DEFERRED,
  arm           TEXT NOT NULL,
  repeat        INTEGER NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'timeout', 'interrupted', 'unknown')),
  exit_code     INTEGER,
  wall_s        REAL,
  score         REAL,
  valid         INTEGER,
  host          TEXT,
  log_hash      TEXT REFERENCES texts(hash),
  record_hash   TEXT NOT NULL,
  extra         TEXT,
  UNIQUE (experiment_id, case_id, arm, repeat)
);

CREATE TABLE model_requests (
  id            INTEGER PRIMARY KEY,
  request_hash  TEXT NOT NULL,
  purpose       TEXT NOT NULL,
  model         TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('reserved', 'returned', 'failed', 'unresolved')),
  http_status   INTEGER,
  input_tokens  INTEGER,
  output_tokens INTEGER,
  cost_usd      REAL,
  request       TEXT NOT NULL,
  response      TEXT,
  schema_valid  INTEGER,
  created_at    TEXT NOT NULL,
  extra         TEXT
);
CREATE INDEX model_requests_hash ON model_requests(request_hash);

CREATE TABLE verdicts (
  id                  INTEGER PRIMARY KEY,
  rubric_id           TEXT NOT NULL REFERENCES rubrics(id),
  program_id          INTEGER NOT NULL REFERENCES program_versions(id),
  verdict             TEXT NOT NULL CHECK (verdict IN ('fires', 'does_not_fire', 'not_applicable', 'insufficient_evidence', 'unknown')),
  predicted_exception TEXT,
  rationale           TEXT,
  citations           TEXT NOT NULL DEFAULT '[]',
  request_id          INTEGER REFERENCES model_requests(id),
  created_at          TEXT NOT NULL
);

CREATE TABLE imports (
  id          INTEGER PRIMARY KEY,
  file        TEXT NOT NULL,
  format      TEXT NOT NULL,
  sha256      TEXT NOT NULL,
  counts      TEXT NOT NULL,
  imported_at TEXT NOT NULL
);

-- Full-text search reads large texts through views, so every output is stored once.
CREATE VIEW step_search_source AS
  SELECT s.id AS id, s.command AS command, o.body AS stdout, e.body AS stderr
  FROM steps s JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash;
CREATE VIRTUAL TABLE step_fts USING fts5(
  command, stdout, stderr, content='step_search_source', content_rowid='id', tokenize='unicode61'
);

CREATE VIRTUAL TABLE failure_fts USING fts5(
  exception_class, message, traceback, content='failure_events', content_rowid='id', tokenize='unicode61'
);

CREATE VIEW rubric_search_source AS
  SELECT rowid AS id, title, applies_when, pattern, fix FROM rubrics;
CREATE VIRTUAL TABLE rubric_fts USING fts5(
  title, applies_when, pattern, fix, content='rubric_search_source', content_rowid='id', tokenize='porter unicode61'
);
`;
