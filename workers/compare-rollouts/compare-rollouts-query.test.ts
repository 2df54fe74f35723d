import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';
import { compareRollouts } from './compare-rollouts-query';
import { normaliseCommand } from './step-key';

const tempDir = useTempDir();
const twoRuns = join(import.meta.dirname, '..', '..', 'fixtures', 'compare-rollouts', 'two-runs.jsonl');

async function fixtureCorpus() {
  const db = openCorpus(join(tempDir(), 'c.db'));
  await importFile(db, twoRuns);
  return db;
}

describe('compareRollouts', () => {
  it('aligns the two crafted runs row by row as fixtures/compare-rollouts/README.md says, the failure at step 2 being where they part', async () => {
    const db = await fixtureCorpus();
    const result = compareRollouts(db, 'cmp-pass', 'cmp-fail');
    expect(result.rows).toEqual([
      { a: 0, b: 0, differs: [] },
      { a: 1, b: 1, differs: [] },
      { a: 2, b: 2, differs: ['outcome', 'program'] },
      { a: 3, b: null, differs: ['only_a'] },
      { a: 4, b: 3, differs: [] },
      { a: null, b: 4, differs: ['only_b'] },
      { a: 5, b: 5, differs: ['command'] },
    ]);
    expect(result.firstDivergence).toBe(2);
    expect(result.differingRows).toBe(4);
    expect(result.matchedRows).toBe(5);
    expect(result.sameTask).toBe(true);
    expect(result.approximateSplits).toBe(0);
    expect(result.a).toMatchObject({ id: 'cmp-pass', grade: 'correct', score: 1, steps: 6, failures: 0, onlyHere: [] });
    expect(result.b).toMatchObject({ id: 'cmp-fail', grade: 'wrong', score: 0, steps: 6, failures: 2, failureKinds: { crash: 1, wrong_answer: 1 } });
    expect(result.b.onlyHere).toEqual([
      { kind: 'crash', exceptionClass: 'KeyError', extra: 1, at: [{ step: 2, row: 2 }] },
      { kind: 'wrong_answer', exceptionClass: null, extra: 1, at: [{ step: null, row: null }] },
    ]);
    db.close();
  });

  it('swapping the sides swaps every row, and a rollout against itself differs nowhere', async () => {
    const db = await fixtureCorpus();
    const ab = compareRollouts(db, 'cmp-pass', 'cmp-fail');
    const ba = compareRollouts(db, 'cmp-fail', 'cmp-pass');
    const swapped = (d: string) => (d === 'only_a' ? 'only_b' : d === 'only_b' ? 'only_a' : d);
    expect(ba.rows.map((r) => ({ a: r.b, b: r.a, differs: r.differs.map(swapped) })).filter((r) => r.a !== null && r.b !== null)).toEqual(
      ab.rows.filter((r) => r.a !== null && r.b !== null),
    );
    const same = compareRollouts(db, 'cmp-fail', 'cmp-fail');
    expect(same.firstDivergence).toBeNull();
    expect(same.differingRows).toBe(0);
    expect(same.rows).toHaveLength(6);
    db.close();
  });

  it('names a rollout that is not in the corpus', async () => {
    const db = await fixtureCorpus();
    expect(() => compareRollouts(db, 'cmp-pass', 'nope')).toThrow(
      expect.objectContaining({ code: 'not_found', message: 'rollout "nope" is not in this corpus' }),
    );
    db.close();
  });

  it('aligns two 10,000-step rollouts whose loops differ every 50 steps', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'big.db'));
    const records: object[] = [
      { type: 'benchmark', id: 'b', discipline: 'ml', role: 'development' },
      { type: 'task', id: 't', benchmark: 'b', statement: 'long' },
      { type: 'rollout', id: 'x', task: 't' },
      { type: 'rollout', id: 'y', task: 't' },
    ];
    for (let i = 0; i < 10_000; i++) {
      records.push({ type: 'step', rollout: 'x', index: i, command: `python train.py --epoch ${i}`, exitCode: 0 });
      records.push({ type: 'step', rollout: 'y', index: i, command: i % 50 === 7 ? 'nvidia-smi' : `python train.py --epoch ${i + 1}`, exitCode: 0 });
    }
    await importFile(db, writeBundle(dir, 'big.jsonl', records));
    const result = compareRollouts(db, 'x', 'y');
    expect(result.matchedRows).toBe(9_800);
    expect(result.rows).toHaveLength(10_200);
    expect(result.firstDivergence).toBe(0);
    expect(result.approximateSplits).toBe(0);
    db.close();
  });
});

describe('normaliseCommand', () => {
  it('sets aside spacing, numbers, hashes and every line after the first', () => {
    expect(normaliseCommand("cat > train.py << 'EOF'\nimport pandas\nEOF")).toBe("cat > train.py << 'EOF'");
    expect(normaliseCommand('  python  train.py --seed 12 --lr 0.5\n')).toBe('python train.py --seed <n> --lr <n>');
    expect(normaliseCommand('cat /tmp/run-3f9a2b7c1d/log')).toBe('cat /tmp/run-<hex>/log');
  });
});
