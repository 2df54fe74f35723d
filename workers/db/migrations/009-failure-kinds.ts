/**
 * Failures that carry no exception (issue 14): a node its agent marked buggy (`buggy`) and
 * an edit the harness refused (`rejected_edit`) join the failure kinds. SQLite cannot change
 * a CHECK constraint in place, so failure_events is rebuilt with the same rows and ids (the
 * search index refers to events by id and to the table by name, so it stays valid).
 * Imported rollouts also keep the path of the file they came from.
 */
export const sql = /* sql */ `
CREATE TABLE failure_events_next (
  id                 INTEGER PRIMARY KEY,
  rollout_id         TEXT NOT NULL REFERENCES rollouts(id) DEFERRABLE INITIALLY DEFERRED,
  step_idx           INTEGER,
  kind               TEXT NOT NULL CHECK (kind IN ('crash', 'timeout', 'oom', 'killed', 'missing_package', 'wrong_answer',
                       'invalid_output', 'buggy', 'rejected_edit')),
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
INSERT INTO failure_events_next SELECT id, rollout_id, step_idx, kind, exception_class, message, frames, traceback,
  program_path, program_version, program_line, category, suggested_category, cause, record_hash, extra FROM failure_events;
DROP TABLE failure_events;
ALTER TABLE failure_events_next RENAME TO failure_events;
CREATE UNIQUE INDEX failure_events_step ON failure_events(rollout_id, step_idx) WHERE step_idx IS NOT NULL;
CREATE UNIQUE INDEX failure_events_grading ON failure_events(rollout_id, record_hash) WHERE step_idx IS NULL;
CREATE INDEX failure_events_category ON failure_events(category);

ALTER TABLE rollouts ADD COLUMN source_path TEXT;
`;
