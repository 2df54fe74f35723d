/**
 * Slots, GPUs and re-run environments (issue 20, issue 18 item 2): how many attempts a saved
 * SSH host runs at once (null: one per GPU it reports, or one) and the extra environment
 * variable names its programs may receive; per attempt, the slot and GPU it held and the
 * names of the variables it received (values are never stored).
 */
export const sql = /* sql */ `
ALTER TABLE hosts ADD COLUMN slots INTEGER CHECK (slots IS NULL OR slots BETWEEN 1 AND 256);
ALTER TABLE hosts ADD COLUMN env_names TEXT NOT NULL DEFAULT '[]';
ALTER TABLE attempts ADD COLUMN slot TEXT;
ALTER TABLE attempts ADD COLUMN gpu TEXT;
ALTER TABLE attempts ADD COLUMN env_names TEXT;
`;
