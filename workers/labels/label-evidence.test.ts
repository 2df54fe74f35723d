import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { findQuote, quoteInLines } from './grounding';

const tempDir = useTempDir();

describe('grounding', () => {
  const program = 'import pandas as pd\n\ndf = pd.read_csv("train.csv")\nprint(df["Agee"].mean())\n';

  it('is grounded only when the cited lines contain the quote, whitespace runs counting as one space', () => {
    expect(quoteInLines(program, 4, 4, 'print(df["Agee"].mean())')).toBe(true);
    expect(quoteInLines(program, 3, 4, 'read_csv("train.csv")\n   print(df')).toBe(true);
    expect(quoteInLines(program, 1, 3, 'print(df["Agee"]')).toBe(false);
    expect(quoteInLines(program, 4, 4, 'print(df["Age"]')).toBe(false);
    expect(quoteInLines(program, 9, 12, 'print')).toBe(false);
    expect(quoteInLines(program, 1, 4, '   ')).toBe(false);
  });

  it('finds the line a quote starts on', () => {
    expect(findQuote(program, 'pd.read_csv("train.csv")')).toBe(3);
    expect(findQuote(program, 'read_csv("train.csv")\nprint')).toBe(3);
    expect(findQuote(program, 'import numpy')).toBeNull();
  });
});

describe('labels.evidence', () => {
  it("shows the source rollouts' failures with their program lines and checks each citation against its program", async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const other = 'from sklearn.linear_model import Ridge\nmodel = Ridge()\nmodel.fit(X, y)\n';
    const cite = (lines: [number, number], quote: string, program: object) => ({ ...program, lines, quote });
    const r1 = { rollout: 'r-1', path: 'solution.py', version: 0 };
    const records = [
      ...miniBundle(),
      { type: 'rollout', id: 'r-2', task: 'task-1', collection: 'pool', grade: 'wrong' },
      { type: 'program', rollout: 'r-2', path: 'fit.py', version: 0, content: other },
      {
        type: 'rubric',
        id: 'rb-cited',
        title: 'Cited',
        appliesWhen: 'always',
        pattern: 'a pattern',
        family: 'error',
        category: 'C02',
        support: [{ rollout: 'r-1' }, { rollout: 'r-2' }, { rollout: 'r-gone' }],
        citations: [
          cite([4, 4], 'print(df["Agee"].mean())', r1),
          cite([2, 2], 'model.fit(X, y)', r1),
          cite([1, 1], 'import numpy', r1),
          cite([1, 1], 'anything', { sha256: 'f'.repeat(64) }),
        ],
      },
    ];
    await core.invoke('import.files', { paths: [writeBundle(dir, 'b.jsonl', records)] });
    const evidence = await core.invoke('labels.evidence', {
      schema: 'quality_audit',
      annotator: 'cara',
      target: { kind: 'rubric', id: 'rb-cited' },
      blind: false,
    });

    expect(evidence.support.map((s) => [s.rollout, s.inCorpus])).toEqual([
      ['r-1', true],
      ['r-2', true],
      ['r-gone', false],
    ]);
    const crash = evidence.failures.find((f) => f.step === 1)!;
    expect(crash).toMatchObject({ rollout: 'r-1', exceptionClass: 'KeyError' });
    expect(crash.excerpt).toMatchObject({ path: 'solution.py', version: 0, focus: 4, start: 1 });
    expect(crash.excerpt!.lines[3]).toBe('print(df["Agee"].mean())');

    expect(evidence.citations.map((c) => [c.grounded, c.problem])).toEqual([
      [true, null],
      [false, 'wrong_program_citation'],
      [false, 'quote_not_found'],
      [false, 'missing_program'],
    ]);
    expect(evidence.citations[1]!.foundIn).toEqual({ rollout: 'r-2', path: 'fit.py', version: 0, line: 3 });
    expect(evidence.citations[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence.verdicts).toEqual([]);
    core.close();
  });
});
