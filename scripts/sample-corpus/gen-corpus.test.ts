import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundleRecord, type RecordOf, bundleRecord } from '../../common/corpus/bundle';
import { UsageError, generateCorpus, parseGenArgs } from '../gen-corpus';
import { heldOutBenchmarks, tasks } from './benchmarks';
import { checkFrames, exceptionClasses } from './frame-check';

const dir = mkdtempSync(join(tmpdir(), 'gen-corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string): BundleRecord[] =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => bundleRecord.parse(JSON.parse(line)));

describe('gen-corpus', () => {
  it('streams a valid bundle with the requested counts', async () => {
    const out = join(dir, 'small.jsonl');
    const summary = await generateCorpus({ rollouts: 20, stepsPerRollout: 5, rubrics: 30, out, seed: 7 });
    const records = read(out);
    const of = <T extends BundleRecord['type']>(type: T) => records.filter((r): r is RecordOf<T> => r.type === type);

    expect(summary.records).toBe(records.length);
    expect(summary.bytes).toBe(readFileSync(out).length);
    expect(of('rollout')).toHaveLength(20);
    expect(of('step')).toHaveLength(100);
    expect(of('rubric')).toHaveLength(30);
    expect(of('library')).toHaveLength(1);
    expect(of('library')[0]?.rubrics).toHaveLength(30);
    for (const r of of('rollout'))
      expect(
        of('step')
          .filter((s) => s.rollout === r.id)
          .map((s) => s.index),
      ).toEqual([0, 1, 2, 3, 4]);

    const rollouts = new Set(of('rollout').map((r) => r.id));
    for (const rubric of of('rubric')) {
      for (const s of rubric.support) {
        expect(rollouts.has(s.rollout)).toBe(true);
        expect(heldOutBenchmarks.has(tasks[s.task ?? '']?.record.benchmark ?? '')).toBe(false);
      }
    }
    expect(checkFrames(records).mismatches).toEqual([]);
  });

  it('produces tracebacks of several classes and the same bytes for the same seed', async () => {
    const a = join(dir, 'a.jsonl');
    const b = join(dir, 'b.jsonl');
    await generateCorpus({ rollouts: 60, stepsPerRollout: 12, rubrics: 5, out: a, seed: 3 });
    await generateCorpus({ rollouts: 60, stepsPerRollout: 12, rubrics: 5, out: b, seed: 3 });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    const records = read(a);
    expect(exceptionClasses(records).size).toBeGreaterThanOrEqual(5);
    const { checked, mismatches } = checkFrames(records);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('validates its arguments', () => {
    expect(parseGenArgs(['--rollouts', '3', '--steps-per-rollout', '4'])).toMatchObject({ rollouts: 3, stepsPerRollout: 4, rubrics: 200, seed: 1 });
    expect(() => parseGenArgs(['--steps-per-rollout', '4'])).toThrow(UsageError);
    expect(() => parseGenArgs(['--rollouts', '0', '--steps-per-rollout', '4'])).toThrow(/--rollouts must be an integer >= 1/);
    expect(() => parseGenArgs(['--rollouts', '2.5', '--steps-per-rollout', '4'])).toThrow(UsageError);
    expect(() => parseGenArgs(['--rollouts', '2', '--steps-per-rollout', '4', '--nope'])).toThrow(UsageError);
  });
});
