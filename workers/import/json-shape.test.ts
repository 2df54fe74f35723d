import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShapeScanner, shapeItems, type Shape } from './json-shape';
import { member, textOf } from './shape-queries';

/** Scans `text` cut into pieces of `size` bytes (0: one piece). */
function scan(text: string | Buffer, size = 0): ShapeScanner {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const scanner = new ShapeScanner();
  const step = size || bytes.length || 1;
  let done = false;
  for (let at = 0; at < bytes.length && !done; at += step) done = scanner.push(bytes.subarray(at, at + step));
  if (!done) scanner.end();
  return scanner;
}

/** What a shape says of a value, written as plain data, to compare with the value itself. */
function plain(shape: Shape | null): unknown {
  if (shape === null) return null;
  if (shape.kind === 'object') return Object.fromEntries([...shape.keys].map(([k, v]) => [k, plain(v)]));
  if (shape.kind === 'array') return shape.items.map(plain);
  if (shape.kind === 'string') return shape.text;
  return shape.kind;
}

/** The same, computed from a parsed value, under the scanner's limits for small values. */
function expected(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return depth >= 5 ? [] : value.slice(0, shapeItems).map((v) => expected(v, depth + 1));
  if (value !== null && typeof value === 'object')
    return depth >= 5 ? {} : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expected(v, depth + 1)]));
  if (typeof value === 'string') return value;
  return value === null ? 'null' : typeof value;
}

describe('the shape of a JSON text', () => {
  it('is the same however the text is cut into chunks, and matches the parsed value', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue())),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        (value, size, pretty) => {
          // Keys the value repeats keep their first value in the scan and their last in JSON.parse; generated dictionaries have none.
          const text = JSON.stringify(value, null, pretty ? 2 : undefined);
          const whole = scan(text);
          const cut = scan(text, size);
          expect(plain(cut.value)).toEqual(plain(whole.value));
          expect(cut.invalid).toBe(false);
          expect(plain(whole.value)).toEqual(expected(JSON.parse(text)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads escapes and backslash runs that a chunk boundary splits', () => {
    const value = { a: 'x\\', b: '\\"quoted\\"', c: 'é\u2028\ud83d\ude00', 'k\\"': 'end' };
    const text = JSON.stringify(value);
    for (let size = 1; size <= 5; size++) expect(plain(scan(text, size).value)).toEqual(value);
  });

  it('keeps the start of a long string and reads past the rest to the keys after it', () => {
    const text = `\ufeff{"first": "${'a'.repeat(3 * 1024 * 1024)}", "second": {"inner": [1, 2]}, "last": "mark"}`;
    const scanner = scan(text, 64 * 1024);
    expect([...(scanner.value as Extract<Shape, { kind: 'object' }>).keys.keys()]).toEqual(['first', 'second', 'last']);
    expect(textOf(member(scanner.value, 'first'))).toHaveLength(4096);
    expect(textOf(member(scanner.value, 'last'))).toBe('mark');
    expect(scanner.complete).toBe(true);
  });

  it('stops at the end of the first line of JSON Lines, and after the first items of an array', () => {
    const lines = scan('{"type": "benchmark"}\n{"type": "task"}\n' + 'x'.repeat(1000));
    expect(lines.lines).toBe(true);
    expect(plain(lines.value)).toEqual({ type: 'benchmark' });
    const array = new ShapeScanner();
    const items = Array.from({ length: 100 }, (_, i) => JSON.stringify({ i }));
    expect(array.push(Buffer.from(`[${items.join(',')},`))).toBe(true);
    expect((array.value as Extract<Shape, { kind: 'array' }>).items).toHaveLength(shapeItems);
  });

  it('calls a text that is not JSON invalid where it stops being JSON', () => {
    expect(scan('root:x:0:0:root:/root:/bin/bash\n').invalid).toBe(true);
    for (const text of [',a,b\n', ':x', '}']) expect(scan(text)).toMatchObject({ invalid: true, firstByte: text.charCodeAt(0) });
    const truncated = scan('{"info": {"config": {"a": 1}}, "messages": [{"role": "sys');
    expect(truncated.complete).toBe(false);
    expect([...(truncated.value as Extract<Shape, { kind: 'object' }>).keys.keys()]).toEqual(['info', 'messages']);
  });
});
