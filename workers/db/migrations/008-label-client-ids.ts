/**
 * The client id a window gave each label it saved, so a save it retries after a lost answer
 * (a dropped connection, a timeout, a restarted worker) finds the record the first attempt
 * wrote instead of making a second one. Kept beside `labels`, whose rows are never updated.
 */
export const sql = /* sql */ `
CREATE TABLE label_client_ids (
  client_id TEXT PRIMARY KEY,
  label_id  INTEGER NOT NULL UNIQUE REFERENCES labels(id)
);
`;
