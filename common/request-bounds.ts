/**
 * Bounds on the collections a request may carry (issue 33 item 2): a request of a few
 * megabytes holding millions of elements must be refused at once, not validated element by
 * element into an error as long as itself. Every array of a request schema takes a `.max`
 * (zod checks an array's length before its elements); a record keyed by free-form strings is
 * built with `boundedRecord`, free JSON with `boundedJson`. `common/request-bounds.test.ts`
 * fails on any request schema that holds an unbounded array or record, so a new operation
 * gets its bounds when it is merged.
 */
import { z } from 'zod';

/** How many validation issues an error lists; the rest are counted. */
export const maxIssuesListed = 5;

/**
 * Schemas whose size is checked before their parts are validated: a `record` of bounded
 * entries (whose values may still need bounds of their own), or a `whole` value bounded as one.
 */
export const sizeCheckedSchemas = new WeakMap<z.ZodType, 'record' | 'whole'>();

/**
 * A record of at most `maxEntries` entries. Its size is checked before any entry is
 * validated, so an oversized record costs one count, never one issue per entry.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, maxEntries: number) {
  const schema = z
    .unknown()
    .refine((record) => typeof record !== 'object' || record === null || Object.keys(record).length <= maxEntries, {
      message: `at most ${maxEntries} entries`,
      abort: true,
    })
    .pipe(z.record(key, value));
  sizeCheckedSchemas.set(schema, 'record');
  return schema;
}

/** Any JSON value of at most `maxValues` array elements and object entries in all, counted before it is validated. */
export function boundedJson(maxValues: number) {
  const schema = z
    .unknown()
    .refine((value) => countValues(value, maxValues) <= maxValues, { message: `at most ${maxValues} values in all`, abort: true })
    .pipe(z.json());
  sizeCheckedSchemas.set(schema, 'whole');
  return schema;
}

/** The array elements and object entries of `value`, counted up to just past `limit`. */
function countValues(value: unknown, limit: number): number {
  let count = 0;
  const stack = [value];
  while (stack.length > 0 && count <= limit) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    const children = Array.isArray(next) ? next : Object.values(next);
    count += children.length;
    stack.push(...children.slice(0, limit + 1));
  }
  return count;
}
