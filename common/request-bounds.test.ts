import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { operationNames, operations, parseRequest } from './contract';
import { ApiError } from './errors';
import { boundedJson, boundedRecord, maxIssuesListed, sizeCheckedSchemas } from './request-bounds';

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Paths of the arrays and free-keyed records in `schema` that have no upper bound. */
function unbounded(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const below = (child: unknown, at = path) => (child === undefined ? [] : unbounded(child, at, seen));
  const sizeChecked = sizeCheckedSchemas.get(schema as z.ZodType);
  if (sizeChecked === 'whole') return [];
  if (sizeChecked === 'record') return below(defOf(def.out).valueType, `${path}.*`);
  switch (def.type) {
    case 'array': {
      const capped = (def.checks ?? []).some((c) => c._zod.def.check === 'max_length');
      return [...(capped ? [] : [path]), ...below(def.element, `${path}[]`)];
    }
    case 'record': {
      const finite = ['enum', 'literal'].includes(defOf(def.keyType).type);
      return [...(finite ? [] : [`${path} (record)`]), ...below(def.valueType, `${path}.*`)];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => below(child, `${path}.${key}`));
    case 'union':
      return (def.options as unknown[]).flatMap((option) => below(option));
    case 'intersection':
      return [...below(def.left), ...below(def.right)];
    case 'tuple':
      return [...(def.items as unknown[]).flatMap((item) => below(item)), ...below(def.rest)];
    case 'pipe':
      return [...below(def.in), ...below(def.out)];
    case 'lazy':
      return below((def.getter as () => unknown)());
    default:
      return below(def.innerType);
  }
}

describe('request bounds', () => {
  it('every array and free-keyed record of every request schema has an upper bound', () => {
    const found = operationNames.flatMap((name) => unbounded(operations[name].request, name));
    expect(found).toEqual([]);
  });

  it('the walker finds an unbounded array or record wherever it hides', () => {
    const hidden = z.object({
      a: z.array(z.string()).optional(),
      b: z.union([z.number(), z.object({ c: z.array(z.number()).max(3).default([]) })]),
      d: z.record(z.string(), z.number()),
      e: boundedRecord(z.string(), z.array(z.string()), 4),
      f: boundedJson(10),
    });
    expect(unbounded(hidden, 'x')).toEqual(['x.a', 'x.d (record)', 'x.e.*']);
  });

  it('refuses an array of millions of bad elements at once, listing one issue', () => {
    const started = performance.now();
    let error: unknown;
    try {
      parseRequest('import.files', { paths: new Array<number>(4_190_000).fill(1) });
    } catch (err) {
      error = err;
    }
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^import\.files: paths: Too big: expected array to have <=\d+ items$/);
    expect((error as ApiError).details).toEqual({ issues: [{ field: 'paths', message: expect.any(String) }] });
  });

  it(`lists at most ${maxIssuesListed} issues of a request with many and counts the rest`, () => {
    let error: unknown;
    try {
      parseRequest('import.files', { paths: new Array<number>(200).fill(1) });
    } catch (err) {
      error = err;
    }
    const details = (error as ApiError).details as { issues: unknown[]; more: number };
    expect(details.issues).toHaveLength(maxIssuesListed);
    expect(details.more).toBe(200 - maxIssuesListed);
    expect((error as ApiError).message).toMatch(new RegExp(`; and ${200 - maxIssuesListed} more issues$`));
  });

  it('refuses a record of too many entries before validating any of them', () => {
    const protect = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`c${i}`, -1]));
    expect(() => parseRequest('retrieval.run', { library: 'l', rollout: 'r', protect })).toThrow(/^retrieval\.run: protect: at most \d+ entries$/);
  });

  it('refuses free JSON of too many values in all, however deep they sit', () => {
    const value = { scopes: [{ evidence: new Array<number>(20_000).fill(1) }] };
    expect(() => parseRequest('labels.add', { annotator: 'ann', schema: 'category', target: { kind: 'rubric', id: 'r' }, value })).toThrow(
      /^labels\.add: value: at most \d+ values in all$/,
    );
  });
});
