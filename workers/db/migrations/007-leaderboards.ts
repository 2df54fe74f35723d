/**
 * A task's public leaderboard (MLE-bench style), so re-executed scores can be placed on it:
 * the scores as the file lists them, best first, and the file they came from.
 */
export const sql = /* sql */ `
CREATE TABLE task_leaderboards (
  task_id     TEXT PRIMARY KEY REFERENCES tasks(id),
  source      TEXT NOT NULL,
  scores      TEXT NOT NULL,
  attached_at TEXT NOT NULL
);
`;
