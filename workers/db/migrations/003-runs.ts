/**
 * Re-execution (docs/architecture.md "Runners"): SSH hosts of Settings, what each attempt needs beyond
 * its bundle fields (backend, job ids, times, the cap it ran under, its folder, why it was lost),
 * and its terminal log, gzip-compressed. Bundle fields of an attempt stay where 001 put them,
 * so export and re-import are unchanged.
 */
export const sql = /* sql */ `
CREATE TABLE hosts (
  name             TEXT PRIMARY KEY,
  user             TEXT NOT NULL,
  host             TEXT NOT NULL,
  port             INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
  identity_file    TEXT,
  known_hosts_file TEXT,
  work_dir         TEXT NOT NULL,
  gpu_label        TEXT NOT NULL DEFAULT '',
  updated_at       TEXT NOT NULL
);

ALTER TABLE attempts ADD COLUMN backend TEXT;
ALTER TABLE attempts ADD COLUMN backend_job_id TEXT;
ALTER TABLE attempts ADD COLUMN run_job_id TEXT;
ALTER TABLE attempts ADD COLUMN owner TEXT;
ALTER TABLE attempts ADD COLUMN timeout_s REAL;
ALTER TABLE attempts ADD COLUMN dispatched_at TEXT;
ALTER TABLE attempts ADD COLUMN started_at TEXT;
ALTER TABLE attempts ADD COLUMN ended_at TEXT;
ALTER TABLE attempts ADD COLUMN work_dir TEXT;
ALTER TABLE attempts ADD COLUMN error TEXT;
CREATE INDEX attempts_experiment ON attempts(experiment_id, case_id, arm, repeat);
CREATE INDEX attempts_case ON attempts(case_id);

CREATE TABLE attempt_logs (
  attempt_id    INTEGER PRIMARY KEY REFERENCES attempts(id) ON DELETE CASCADE,
  gz            BLOB NOT NULL,
  bytes         INTEGER NOT NULL,
  omitted_bytes INTEGER NOT NULL DEFAULT 0,
  sha256        TEXT NOT NULL
);
`;
