import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';

const tempDir = useTempDir();

const label = (annotator: string, id: string, value: string, at: string) => ({
  type: 'label',
  annotator,
  schema: 'quality_audit',
  target: { kind: 'rubric', id },
  value,
  at,
});

describe('labels.agreement', () => {
  it("gives two annotators' kappa on their latest labels; a later label supersedes an earlier one", async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const labels = [
      // Items 1–4: ana and ben agree on 1, 2 and 4; on 3 ana first said reject, then accept (superseding it).
      label('ana', 'i1', 'accept', '2026-10-01T00:00:00Z'),
      label('ben', 'i1', 'accept', '2026-10-01T00:00:00Z'),
      label('ana', 'i2', 'reject', '2026-10-01T00:00:00Z'),
      label('ben', 'i2', 'reject', '2026-10-01T00:00:00Z'),
      label('ana', 'i3', 'reject', '2026-10-01T00:00:00Z'),
      label('ana', 'i3', 'accept', '2026-10-02T00:00:00Z'),
      label('ben', 'i3', 'reject', '2026-10-01T00:00:00Z'),
      label('ana', 'i4', 'accept', '2026-10-01T00:00:00Z'),
      label('ben', 'i4', 'accept', '2026-10-01T00:00:00Z'),
      label('ana', 'i5', 'accept', '2026-10-01T00:00:00Z'),
    ];
    await core.invoke('import.files', { paths: [writeBundle(dir, 'labels.jsonl', [...miniBundle(), ...labels])] });
    const report = await core.invoke('labels.agreement', { schema: 'quality_audit' });
    // Hand computation over i1–i4 (i5 has one label): ana = A,R,A,A; ben = A,R,R,A.
    // p_o = 3/4; p_e = P(A)·P(A) + P(R)·P(R) = (3/4)(2/4) + (1/4)(2/4) = 1/2; kappa = (3/4 − 1/2)/(1/2) = 0.5.
    expect(report).toMatchObject({ method: 'kappa', annotators: ['ana', 'ben'], items: 4, observed: 0.75, expected: 0.5, kappa: 0.5 });
    expect(report.method === 'kappa' && report.confusion).toEqual({
      values: ['accept', 'reject'],
      counts: [
        [2, 1],
        [0, 1],
      ],
    });
    core.close();
  });
});
