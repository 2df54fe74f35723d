/**
 * The operations that take filesystem paths, and a policy hook each shell applies to them
 * before a request reaches the core: serve mode allows only uploads and the exports folder,
 * the desktop app only paths the user picked in a file dialog, the CLI any path (no policy).
 */
import type { OperationName } from './contract';

export type PathAccess = 'read' | 'write';

/** One request field holding a path (`list`: an array of paths). */
export interface PathField {
  field: string;
  access: PathAccess;
  list: boolean;
}

export const pathFields: Partial<Record<OperationName, readonly PathField[]>> = {
  'import.files': [{ field: 'paths', access: 'read', list: true }],
  'labels.import': [{ field: 'paths', access: 'read', list: true }],
  'leaderboards.attach': [{ field: 'path', access: 'read', list: false }],
  'export.bundle': [{ field: 'out', access: 'write', list: false }],
  'labels.export': [{ field: 'out', access: 'write', list: false }],
};

/**
 * A shell's rule for paths: returns the path the core should use (a shell may place a
 * relative one in a folder of its own), or throws an ApiError naming `field` and the rule.
 */
export type PathPolicy = (path: string, access: PathAccess, field: string) => string;

/**
 * The request with each path field passed through `policy`. Fields that are not strings (or
 * lists of strings) are left for the contract's validation to refuse.
 */
export function applyPathPolicy(op: string, request: unknown, policy: PathPolicy): unknown {
  const fields = pathFields[op as OperationName];
  if (!fields || typeof request !== 'object' || request === null || Array.isArray(request)) return request;
  const out: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  for (const { field, access, list } of fields) {
    if (!Object.prototype.hasOwnProperty.call(out, field)) continue;
    const value = out[field];
    if (list && Array.isArray(value)) {
      out[field] = value.map((item, i) => (typeof item === 'string' && item !== '' ? policy(item, access, `${field}.${i}`) : item));
    } else if (!list && typeof value === 'string' && value !== '') out[field] = policy(value, access, field);
  }
  return out;
}
