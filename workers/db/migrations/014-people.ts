/**
 * The people of a corpus (issue 28): who signs in to serve mode, with which role, by a link
 * whose secret is kept only as its SHA-256; what each keeps for themself (blind mode, theme);
 * and who made the versions and runs that are not labels (labels name their annotator already).
 * Rows from before keep no author.
 */
export const sql = /* sql */ `
CREATE TABLE people (
  name       TEXT PRIMARY KEY,
  role       TEXT NOT NULL CHECK (role IN ('auditor', 'researcher', 'admin')),
  token_hash TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);

CREATE TABLE person_settings (
  person     TEXT NOT NULL REFERENCES people (name),
  key        TEXT NOT NULL,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (person, key)
);

ALTER TABLE taxonomies ADD COLUMN created_by TEXT;
ALTER TABLE label_schemas ADD COLUMN created_by TEXT;
ALTER TABLE experiments ADD COLUMN created_by TEXT;
ALTER TABLE pipeline_runs ADD COLUMN created_by TEXT;
ALTER TABLE attempts ADD COLUMN started_by TEXT;
`;
