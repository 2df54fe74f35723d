import { describe, expect, it } from 'vitest';
import { bundleRecord } from '../../common/corpus/bundle';
import { fastRecord } from './fast-records';

/** Field names, then values, in order, all the way down: toEqual ignores key order. */
const layout = (value: unknown): unknown =>
  value !== null && typeof value === 'object'
    ? Array.isArray(value)
      ? value.map(layout)
      : Object.entries(value).map(([k, v]) => [k, layout(v)])
    : Object.is(value, -0)
      ? '-0'
      : value;

const fullStep = {
  type: 'step',
  rollout: 'r-1',
  index: 3,
  parent: 2,
  command: 'python train.py',
  stdout: 'out\n',
  stderr: 'Traceback ...\n',
  exitCode: 1,
  durationMs: 12.5,
  timedOut: false,
  killed: false,
  score: 0.5,
  program: { path: 'train.py', version: 0 },
};
const minimalStep = { type: 'step', rollout: 'r-1', index: 0, command: 'ls' };
const program = { type: 'program', rollout: 'r-1', path: 'train.py', version: 1, content: 'print(1)\n' };
const failure = { type: 'failure', rollout: 'r-1', step: 3, kind: 'crash', category: 'C02', cause: 'typo' };
const grading = { type: 'failure', rollout: 'r-1', step: null, kind: 'wrong_answer' };

const longId = (n: number) => 'r'.repeat(n);
const astral = '\u{1F600}';
/** Values every field is tried with: valid and invalid ones, and some just inside or outside a limit. */
const values: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  1.5,
  2 ** 53 - 1,
  2 ** 53,
  1e308,
  '',
  'x',
  'train.py',
  longId(512),
  longId(513),
  astral.repeat(256),
  astral.repeat(257),
  '\ud800',
  [],
  ['x'],
  {},
  { path: 'a.py', version: 0 },
  { path: 'a.py', version: 0, extra: 1 },
  { path: '', version: 0 },
  { path: 'a.py', version: -1 },
  { path: 'a.py' },
  'crash',
  'timeout',
  'wrong_answer',
  'exploded',
];

/** Every record once with each field set to each value (or left out), with and without unknown fields. */
function variants(): string[] {
  const out: string[] = [];
  for (const base of [fullStep, minimalStep, program, failure, grading]) {
    const fields = new Set([...Object.keys(fullStep), ...Object.keys(program), ...Object.keys(failure), 'step']);
    fields.delete('type');
    for (const field of fields) {
      for (const value of values) {
        const record: Record<string, unknown> = { ...base, [field]: value };
        if (value === undefined) delete record[field];
        out.push(JSON.stringify(record));
      }
    }
    const json = JSON.stringify(base);
    out.push(json.replace('{', '{"zeta":[1],"7":"seven","__proto__":{"x":1},"alpha":null,'));
    out.push(json.replace(/}$/, ',"futureField":{"kept":true}}'));
    out.push(json.replace('"r-1"', '1e999'));
  }
  return out;
}

describe('fastRecord', () => {
  it('builds exactly what the bundle schema parses, or leaves the record to it', () => {
    let fast = 0;
    for (const text of variants()) {
      const json = JSON.parse(text) as Record<string, unknown>;
      const mine = fastRecord(json);
      const zod = bundleRecord.safeParse(JSON.parse(text));
      if (mine === undefined) continue;
      fast += 1;
      expect(zod.success, text).toBe(true);
      expect(layout(mine), text).toEqual(layout(zod.data));
    }
    expect(fast).toBeGreaterThan(300);
  });

  it('takes the usual steps, programs and failure records', () => {
    for (const record of [fullStep, minimalStep, program, failure, grading]) {
      expect(fastRecord(JSON.parse(JSON.stringify(record)) as Record<string, unknown>), record.type).toBeDefined();
    }
  });

  it('leaves every other record type to the schemas', () => {
    expect(fastRecord({ type: 'rollout', id: 'r-1', task: 't-1' })).toBeUndefined();
    expect(fastRecord({ type: 'rubric', id: 'x' })).toBeUndefined();
  });
});
