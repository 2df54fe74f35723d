/**
 * fast-check generators of hostile requests for every operation of the contract: values
 * shaped by each request schema (so many reach the handlers), then mutated with wrong
 * types, edge numbers, built-in object names as keys and values, long strings and paths;
 * plus plain garbage and deep nesting. JSON has no NaN or Infinity, so edge numbers are
 * huge, negative and fractional.
 */
import fc from 'fast-check';
import type { z } from 'zod';

export const builtinNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', '__defineGetter__'] as const;

const edgeNumbers = [0, -0, 1, -1, 0.5, -2.5, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, -(2 ** 53) - 2, 1e21, -1e21, 1e308, -1e308, 5e-324, 1000, 1001, 65536];

/** Strings a handler might mishandle: empty, built-in names, paths, control and astral characters, long ones. */
function edgeStrings(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      'a',
      '0',
      '-1',
      'null',
      '*',
      '%',
      '"',
      "'; DROP TABLE rollouts;--",
      '..',
      '../../etc/passwd',
      '/etc/passwd',
      '\u0000',
      '\u202e',
      '😀',
      'uncategorised',
    ),
    fc.constantFrom(...builtinNames),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
  );
}

/** Anything JSON can hold, shallow. */
export function garbage(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, [], {}),
    fc.constantFrom(...edgeNumbers),
    edgeStrings(),
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...builtinNames), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  );
}

/** Values the corpus really holds (ids, codes), so generated requests reach past "not found". */
export type KnownValues = readonly string[];

type Schema = z.ZodType;

function def(schema: Schema): Record<string, unknown> & { type: string } {
  return (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
}

/** A value shaped like `schema`, usually valid, with real ids where strings are asked for. */
export function shaped(schema: Schema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  const d = def(schema);
  const str = () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: edgeStrings() });
  switch (d.type) {
    case 'string':
      return str();
    case 'number':
      return fc.oneof(fc.integer({ min: -2, max: 60 }), fc.constantFrom(...edgeNumbers));
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...Object.values(d.entries as Record<string, unknown>)) },
        { weight: 1, arbitrary: edgeStrings() },
      );
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return shaped(d.innerType as Schema, known, depth);
    case 'pipe':
      return shaped(d.in as Schema, known, depth);
    case 'union':
      return fc.oneof(...(d.options as Schema[]).map((o) => shaped(o, known, depth)));
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(shaped(d.element as Schema, known, depth + 1), { maxLength: 3 });
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.constantFrom(...builtinNames), fc.constantFrom(...known), edgeStrings()),
        depth > 4 ? garbage() : shaped(d.valueType as Schema, known, depth + 1),
        { maxKeys: 3 },
      );
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, Schema> }).shape;
      if (depth > 4) return fc.constant({});
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, shaped(v, known, depth + 1)]));
      return fc.record(fields, { requiredKeys: [] });
    }
    default:
      return garbage();
  }
}

/** A request for an operation: garbage, a shaped request, or a shaped one mutated. */
export function requestFor(schema: Schema, known: KnownValues, shapedOnly: boolean): fc.Arbitrary<unknown> {
  const valid = shaped(schema, known);
  const mutated = fc
    .tuple(valid, fc.constantFrom(...builtinNames, 'extra', 'id', 'path'), garbage(), fc.boolean(), fc.nat())
    .map(([request, key, value, replace, pick]) => {
      if (typeof request !== 'object' || request === null || Array.isArray(request)) return request;
      const keys = Object.keys(request);
      // Replace one of the request's own fields with garbage, or add a field it does not have.
      const target = replace && keys.length > 0 ? keys[pick % keys.length]! : key;
      return JSON.parse(
        `{${[...keys.filter((k) => k !== target).map((k) => `${JSON.stringify(k)}:${JSON.stringify((request as Record<string, unknown>)[k])}`), `${JSON.stringify(target)}:${JSON.stringify(value) ?? 'null'}`].join(',')}}`,
      ) as unknown;
    });
  if (shapedOnly) return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 3, arbitrary: mutated });
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 3, arbitrary: mutated }, { weight: 2, arbitrary: garbage() });
}

/** A request body as sent: usually JSON of a generated request, sometimes nested thousands deep or not JSON at all. */
export function bodyFor(request: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 20, arbitrary: request.map((r) => JSON.stringify(r) ?? 'null') },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 6000 }).map((n) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 6000 }).map((n) => `${'{"x":'.repeat(n)}1${'}'.repeat(n)}`) },
    { weight: 1, arbitrary: fc.constantFrom('{', '[1,', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}') },
  );
}
