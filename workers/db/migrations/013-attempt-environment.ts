/**
 * Where each attempt ran (issue 13 item 3): host, Python, a `pip freeze` digest, the versions
 * of the modules its program imports, GPUs and driver, as JSON (workers/runs/runners/attempt-environment.ts).
 * Attempts from before keep none.
 */
export const sql = /* sql */ `
ALTER TABLE attempts ADD COLUMN environment TEXT;
`;
