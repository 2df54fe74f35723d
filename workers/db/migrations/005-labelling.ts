/**
 * Labelling (docs/domain.md "Label", README.md "Screens": Labels and Settings): the four default label schemas as
 * data, version 1, drawing category values from the corpus's newest taxonomy; non-secret
 * settings (the annotator's name, blind mode); where each annotator left off in each queue;
 * and their flags and skips. Label records themselves stay in 001's `labels` table.
 */

const category = {
  title: 'Failure category',
  guideline:
    'Pick the category of the failure the rubric teaches about: the **cause** a judge could check before running the program, not the symptom the traceback shows. Each category has its own guideline below; when two fit, take the one whose fix the rubric suggests.',
  target: 'rubric',
  value: { kind: 'taxonomy' },
  reasons: [],
  reasonsRequiredFor: [],
  overlapTarget: 2,
};

const qualityAudit = {
  title: 'Quality audit',
  guideline:
    '**Accept** a rubric a judge could apply to a program and its static facts before it runs, whose citations quote the program they name. **Reject** it with every reason that applies.',
  target: 'rubric',
  value: {
    kind: 'choice',
    options: [
      { value: 'accept', label: 'Accept', guideline: 'Grounded, checkable before running, one lesson.' },
      { value: 'reject', label: 'Reject', guideline: 'Name every reason that applies.' },
    ],
  },
  reasons: [
    { code: 'wrong_program_citation', label: 'Wrong program citation', key: 'w', guideline: 'A quote is attributed to a program that does not contain it.' },
    {
      code: 'not_applicable_both',
      label: 'Not applicable to either',
      key: 'b',
      guideline: 'The lesson applies neither to its source rollouts nor to the programs it was judged on.',
    },
    {
      code: 'failed_quality_review',
      label: 'Failed quality review',
      key: 'q',
      guideline: 'Too specific, not checkable before running, or restates the traceback.',
    },
    { code: 'duplicate', label: 'Duplicate', key: 'd', guideline: 'Says what another rubric of the library already says; name it in the note.' },
    { code: 'format', label: 'Format', key: 'm', guideline: 'Missing or malformed fields, or several lessons in one.' },
  ],
  reasonsRequiredFor: ['reject'],
  overlapTarget: 2,
};

const applicability = {
  title: 'Applicability of a rubric to a program',
  guideline: 'Read the program and its static facts only, as the CWM does; outputs and grades are not evidence here.',
  target: 'rubric_program',
  value: {
    kind: 'choice',
    options: [
      { value: 'violates', label: 'Violates', guideline: 'The program does what the pattern warns against.' },
      { value: 'satisfies', label: 'Satisfies', guideline: 'The rubric applies and the program avoids the pattern.' },
      { value: 'not_applicable', label: 'Not applicable', guideline: 'The situation the rubric applies to does not arise.' },
      { value: 'insufficient_evidence', label: 'Insufficient evidence', guideline: 'The program and facts cannot settle it.' },
    ],
  },
  reasons: [],
  reasonsRequiredFor: [],
  overlapTarget: 1,
};

const status = (value: string, label: string, guideline: string) => ({ value, label, guideline });
const scope = (value: string, label: string) => ({ value, label, guideline: '' });

const runAudit = {
  title: 'Run audit',
  guideline:
    'One row per scope. **Confirmed** needs evidence a reader can open; **inconclusive** says what conflicts; **not checked** is never read as clean. Impact says what the finding does to the reported scores.',
  target: 'rollout',
  value: {
    kind: 'scopes',
    scopes: [
      scope('dataset', 'Dataset and data sources'),
      scope('starting_model', 'Starting model, weights and configuration'),
      scope('hidden_assets', 'Hidden and final assets'),
      scope('protocol_exposure', 'Protocol information exposure'),
      scope('evaluator', 'Evaluator, metric and direction'),
      scope('network', 'External data, network and extra models'),
      scope('contamination', 'Explore-to-formal contamination'),
      scope('resources', 'Harness, runtime, GPU isolation and resources'),
      scope('submission_timing', 'Submission timing'),
      scope('receipts', 'Run manifests, progress, hashes and receipts'),
    ],
    statuses: [
      status('clean', 'Clean', 'Checked, and nothing found.'),
      status('inconclusive', 'Inconclusive', 'The evidence conflicts or is incomplete.'),
      status('confirmed', 'Confirmed', 'A violation, with evidence.'),
      status('not_checked', 'Not checked', 'Not looked at.'),
    ],
  },
  reasons: [],
  reasonsRequiredFor: [],
  overlapTarget: 1,
};

/** SQL string literal of a definition. */
const literal = (definition: object) => `'${JSON.stringify(definition).replace(/'/g, "''")}'`;

export const sql = /* sql */ `
-- NULL: the schema draws its values from the corpus's newest taxonomy.
ALTER TABLE label_schemas ADD COLUMN taxonomy_version TEXT;

INSERT INTO label_schemas (name, version, definition, created_at, taxonomy_version) VALUES
  ('category', 1, ${literal(category)}, '2026-12-01T00:00:00.000Z', NULL),
  ('quality_audit', 1, ${literal(qualityAudit)}, '2026-12-01T00:00:00.000Z', NULL),
  ('applicability', 1, ${literal(applicability)}, '2026-12-01T00:00:00.000Z', NULL),
  ('run_audit', 1, ${literal(runAudit)}, '2026-12-01T00:00:00.000Z', NULL);

CREATE INDEX labels_schema_annotator ON labels(schema_name, annotator);

-- Non-secret settings as JSON values, by key.
CREATE TABLE user_settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The item each annotator was on in each queue (target_set is the set's canonical JSON).
CREATE TABLE label_cursors (
  annotator   TEXT NOT NULL,
  schema_name TEXT NOT NULL,
  target_set  TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id   TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (annotator, schema_name, target_set)
);

-- An annotator's flags ("look again") and skips on items; not labels, so they never travel.
CREATE TABLE label_marks (
  annotator   TEXT NOT NULL,
  schema_name TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id   TEXT NOT NULL,
  flagged     INTEGER NOT NULL DEFAULT 0,
  skipped     INTEGER NOT NULL DEFAULT 0,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (annotator, schema_name, target_kind, target_id)
);
`;
