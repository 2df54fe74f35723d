import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so equal records hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, false));
}

/** A copy with object keys sorted; undefined fields always dropped, null-valued ones on request. */
function sortKeys(value: unknown, dropNulls: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, dropNulls));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined && !(dropNulls && v === null)) out[key] = sortKeys(v, dropNulls);
    }
    return out;
  }
  return value;
}

/**
 * The identity of a bundle record, wherever one is written (import, or made in the app): the
 * sha256 of its canonical JSON with null-valued fields dropped, since `"score": null` and no
 * score say the same thing and an export writes the shorter form. Equal hashes make a
 * re-import a duplicate; a different hash under the same id is a conflict.
 */
export function recordHash(record: object): string {
  return createHash('sha256').update(JSON.stringify(sortKeys(record, true))).digest('hex');
}
