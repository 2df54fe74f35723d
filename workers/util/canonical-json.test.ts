import { describe, expect, it } from 'vitest';
import { canonicalJson, recordHash } from './canonical-json';

/**
 * Stored record hashes must never change: these are the strings and hashes the canonical
 * form has always given (JSON.stringify of a copy with sorted keys), edge cases included.
 */
describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined fields, and null ones for the record hash', () => {
    const step = {
      type: 'step',
      rollout: 'r-1',
      index: 3,
      stdout: 'a\n"b"',
      exitCode: null,
      program: { version: 0, path: 'x.py' },
      z: [3, null, undefined, { b: 1, a: 2 }],
      gone: undefined,
    };
    expect(canonicalJson(step)).toBe(
      '{"exitCode":null,"index":3,"program":{"path":"x.py","version":0},"rollout":"r-1","stdout":"a\\n\\"b\\"","type":"step","z":[3,null,null,{"a":2,"b":1}]}',
    );
    expect(recordHash(step)).toBe('9f4ad2f8a1b90de45d6d3335e7904da7061b87ce04d7350779c0b10b2c2aa930');
    expect(recordHash({ ...step, program: { path: 'x.py', version: 0 }, exitCode: undefined })).toBe(recordHash(step));
  });

  it('writes array-index keys first in numeric order, and never a __proto__ field', () => {
    const record = JSON.parse('{"b":1,"10":"ten","9":"nine","a":{"__proto__":{"x":1},"c":[null,1]},"é":1,"Z":2}') as object;
    expect(canonicalJson(record)).toBe('{"9":"nine","10":"ten","Z":2,"a":{"c":[null,1]},"b":1,"é":1}');
    expect(recordHash(record)).toBe('aefc96ecd6c1231e93320bf1a7bc56c82818a4ad69131c0962af8e7f9884e9af');
  });

  it('writes numbers, strings and objects as JSON.stringify does', () => {
    const value = { n: [Infinity, -0, 1e21, 1.5], d: new Date(0), s: '\u2028\ud800' };
    expect(canonicalJson(value)).toBe('{"d":{},"n":[null,0,1e+21,1.5],"s":"\u2028\\ud800"}');
    expect(recordHash(value)).toBe('d59e78a36b55c593b68e8be83611b4ac2fe5989b6daf457baea77d12e64fde47');
  });

  it('gives records of the same keys in another order the same hash', () => {
    const a = JSON.parse('{"type":"rollout","id":"r-1","task":"t-1","score":0.5}') as object;
    const b = JSON.parse('{"score":0.5,"task":"t-1","id":"r-1","type":"rollout"}') as object;
    expect(recordHash(a)).toBe(recordHash(b));
  });
});
