/**
 * The pipeline (docs/definitions.md; README.md "Screens": Pipeline): each mining, curation or judging run with its
 * parameters, its frozen plan (what it will ask, decided once so a resume or a replay asks the
 * same), its state and report; the ledger rows each run used, for its costs; and which run
 * wrote each verdict and whether its citations were grounded.
 */
export const sql = /* sql */ `
CREATE TABLE pipeline_runs (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('mine', 'curate-quota', 'curate-filtered', 'judge')),
  params      TEXT NOT NULL,
  plan        TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled', 'stopped', 'interrupted')),
  -- The worker process running it: a 'running' row of another process is an orphan.
  owner       TEXT,
  job_id      TEXT,
  executions  INTEGER NOT NULL DEFAULT 1,
  done        INTEGER NOT NULL DEFAULT 0,
  total       INTEGER,
  message     TEXT,
  report      TEXT,
  library_id  TEXT,
  error       TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX pipeline_runs_created ON pipeline_runs(created_at);
CREATE INDEX pipeline_runs_library ON pipeline_runs(library_id);

-- source: 'network' when this run sent the request, 'ledger' when it reused an answer already
-- paid for. failure and message: why the call gave the run no answer (a model failure reason
-- and the error as the run saw it), so a replay reproduces a failed call exactly.
CREATE TABLE pipeline_run_requests (
  run_id     TEXT NOT NULL REFERENCES pipeline_runs(id),
  request_id INTEGER NOT NULL REFERENCES model_requests(id),
  source     TEXT NOT NULL CHECK (source IN ('network', 'ledger')),
  failure    TEXT,
  message    TEXT,
  PRIMARY KEY (run_id, request_id)
);
CREATE INDEX pipeline_run_requests_request ON pipeline_run_requests(request_id);

-- grounded: 1 when every citation of the verdict is grounded, 0 when one is not, NULL without citations.
ALTER TABLE verdicts ADD COLUMN run_id TEXT REFERENCES pipeline_runs(id);
ALTER TABLE verdicts ADD COLUMN grounded INTEGER;
CREATE INDEX verdicts_program ON verdicts(program_id, rubric_id, id);
CREATE INDEX verdicts_rubric ON verdicts(rubric_id);
CREATE INDEX verdicts_run ON verdicts(run_id);
`;
