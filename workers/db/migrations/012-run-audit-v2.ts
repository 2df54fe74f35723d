/**
 * run_audit version 2 (issue 13 item 2): Confirmed and Inconclusive need evidence and impact,
 * and every scope has its guideline. Labels already in the corpus are never rewritten: those
 * that break the new rule (a confirmed or inconclusive scope with empty evidence or impact) are
 * flagged for review.
 */

const status = (value: string, label: string, guideline: string) => ({ value, label, guideline });
const scope = (value: string, label: string, guideline: string) => ({ value, label, guideline });

const runAuditV2 = {
  title: 'Run audit',
  guideline:
    'One row per scope. **Confirmed** and **inconclusive** need evidence a reader can open (a file, a step, a hash) and their impact on the reported scores; the form, the API and label files refuse them without. **Not checked** is never read as clean.',
  target: 'rollout',
  value: {
    kind: 'scopes',
    scopes: [
      scope(
        'dataset',
        'Dataset and data sources',
        'Which data the run trained and validated on: the split, its sizes and where they came from. Evidence: the files and the lines that load them.',
      ),
      scope(
        'starting_model',
        'Starting model, weights and configuration',
        'The model and weights the run started from, and whether they are the ones the protocol allows. Evidence: the checkpoint name or hash.',
      ),
      scope(
        'hidden_assets',
        'Hidden and final assets',
        'Whether the run read test labels, hidden answers or final assets it must not see. Evidence: the path and the step that read it.',
      ),
      scope(
        'protocol_exposure',
        'Protocol information exposure',
        'Whether the agent saw grading details (thresholds, the metric code, the answer format) beyond the task statement. Evidence: the prompt or file that exposed them.',
      ),
      scope(
        'evaluator',
        'Evaluator, metric and direction',
        'Whether the score was computed with the task’s own metric, direction and data. Evidence: the metric call and the scored rows.',
      ),
      scope('network', 'External data, network and extra models', 'Downloads, API calls or extra models the run used. Evidence: the command or log line.'),
      scope(
        'contamination',
        'Explore-to-formal contamination',
        'Whether choices tuned on the evaluation data leaked into the formal run. Evidence: the steps where it happened.',
      ),
      scope(
        'resources',
        'Harness, runtime, GPU isolation and resources',
        'Time caps, GPUs and isolation as the protocol says. Evidence: the manifest or the scheduler’s record.',
      ),
      scope(
        'submission_timing',
        'Submission timing',
        'Whether the submission came when the protocol says (not cut short, not after the deadline). Evidence: time stamps of the submission and the steps.',
      ),
      scope(
        'receipts',
        'Run manifests, progress, hashes and receipts',
        'Whether the run’s manifests, hashes and receipts agree with what it reports. Evidence: the receipts compared.',
      ),
    ],
    statuses: [
      status('clean', 'Clean', 'Checked, and nothing found.'),
      status('inconclusive', 'Inconclusive', 'The evidence conflicts or is incomplete: say what conflicts (evidence) and what it could change (impact).'),
      status('confirmed', 'Confirmed', 'A violation: the evidence a reader can open, and its impact on the reported scores.'),
      status('not_checked', 'Not checked', 'Not looked at.'),
    ],
  },
  reasons: [],
  reasonsRequiredFor: [],
  evidenceRequiredFor: ['confirmed', 'inconclusive'],
  impactRequiredFor: ['confirmed', 'inconclusive'],
  overlapTarget: 1,
};

const literal = (definition: object) => `'${JSON.stringify(definition).replace(/'/g, "''")}'`;

export const sql = /* sql */ `
INSERT INTO label_schemas (name, version, definition, created_at, taxonomy_version)
  SELECT 'run_audit', max(version) + 1, ${literal(runAuditV2)}, '2026-12-02T00:00:00.000Z', NULL FROM label_schemas WHERE name = 'run_audit';

UPDATE labels SET needs_review = 1
  WHERE schema_name = 'run_audit' AND needs_review = 0 AND json_valid(value) AND json_type(value) = 'object'
    AND EXISTS (
      SELECT 1 FROM json_each(labels.value) AS s
      WHERE json_extract(s.value, '$.status') IN ('confirmed', 'inconclusive')
        AND (trim(coalesce(json_extract(s.value, '$.evidence'), '')) = '' OR trim(coalesce(json_extract(s.value, '$.impact'), '')) = '')
    );
`;
