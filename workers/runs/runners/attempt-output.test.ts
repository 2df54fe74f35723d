/**
 * A terminal that joins late: `attempts.output` gives a running attempt's output so far from
 * any offset, and the `attempt:output` events carry offsets that continue it without a gap or
 * an overlap; once the attempt ends the same call reads the stored log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCorpus, type TestCore } from './test-support/run-corpus';
import { jobEnd, outputSeen } from './test-support/run-helpers';

describe('attempts.output', () => {
  let t: TestCore;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-output-'));
    t = await runCorpus(dir);
  });
  afterAll(() => {
    t.core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a running attempt from any offset, and the live chunks continue it exactly', async () => {
    // Prints a line, waits for a file the test writes, then prints more: the read happens while it waits.
    const go = join(dir, 'go');
    const program = `echo "first line"\nwhile [ ! -e '${go}' ]; do sleep 0.05; done\nfor i in 1 2 3; do echo "after $i"; done\necho '{"score": 1}' > score.json\n`;
    const c = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'wait.sh', content: program },
      command: 'bash wait.sh',
      score: { from: 'json', path: 'score.json', field: 'score' },
    });
    const exp = await t.core.invoke('experiments.create', { name: 'late terminal', arms: ['original'], repeats: 1, cases: [c.id] });
    const chunks: { data: string; offset: number }[] = [];
    t.core.onEvent((e) => {
      if (e.type === 'attempt:output') chunks.push({ data: e.data, offset: e.offset });
    });
    const seen = outputSeen(t.core, 'first line');
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local' });
    const ended = jobEnd(t.core, run.jobId);
    const id = await seen;

    const sofar = await t.core.invoke('attempts.output', { id, from: 0 });
    expect(sofar.live).toBe(true);
    expect(sofar.from).toBe(0);
    expect(sofar.text).toContain('first line');
    expect(sofar.to).toBe(sofar.text.length);
    const later = await t.core.invoke('attempts.output', { id, from: 3 });
    expect(later).toMatchObject({ from: 3, to: sofar.to, text: sofar.text.slice(3), live: true });

    writeFileSync(go, '');
    expect((await ended).phase).toBe('done');

    // The chunks tile the output: each starts where the one before ended.
    let at = 0;
    for (const chunk of chunks) {
      expect(chunk.offset).toBe(at);
      at += chunk.data.length;
    }
    const whole = chunks.map((c) => c.data).join('');
    expect(whole.startsWith(sofar.text)).toBe(true);
    expect(whole).toContain('after 3');

    // Ended: the stored log, from any offset.
    const stored = await t.core.invoke('attempts.output', { id, from: sofar.to });
    expect(stored).toMatchObject({ live: false, from: sofar.to, to: whole.length, text: whole.slice(sofar.to) });
    expect((await t.core.invoke('attempts.log', { id })).text).toBe(whole);
  });
});
