/**
 * The run service is each core's own: what one knows of its live runs (their stop switches)
 * and of its hosts (their GPU lists) another does not see. Real corpora and real local runs; a
 * stand-in `nvidia-smi` on PATH counts how often a host is asked for its GPUs.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveSession } from '../../context/live-session';
import { shQuote } from '../runners/shell-quote';
import { runCorpus, type TestCore } from '../runners/test-support/run-corpus';
import { jobEnd, outputSeen } from '../runners/test-support/run-helpers';
import { RunService } from './run-service';

describe('run service', () => {
  let dir: string;
  let a: TestCore;
  let b: TestCore;
  const path = process.env.PATH;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-run-service-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    a = await runCorpus(join(dir, 'a'));
    b = await runCorpus(join(dir, 'b'));
  });
  afterAll(() => {
    process.env.PATH = path;
    a.core.close();
    b.core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Puts a one-GPU `nvidia-smi` first on PATH (a PATH of its own, so no service has probed it yet); returns how often it was asked for its GPUs. */
  const fakeGpu = (name: string): (() => number) => {
    const bin = join(dir, name);
    const count = join(bin, 'probes');
    mkdirSync(bin);
    // Only the GPU list (`-L`) is counted: each ended attempt's environment probe asks nvidia-smi too.
    writeFileSync(
      join(bin, 'nvidia-smi'),
      `#!/bin/sh\nif [ "$1" = "-L" ]; then echo probe >> ${shQuote(count)}; echo "GPU 0: Fake GPU (UUID: GPU-aaaa)"; fi\n`,
    );
    chmodSync(join(bin, 'nvidia-smi'), 0o755);
    process.env.PATH = `${bin}:${path}`;
    return () => (existsSync(count) ? readFileSync(count, 'utf8').split('\n').filter(Boolean).length : 0);
  };

  const experiment = async (t: TestCore, name: string, command: string) => {
    const c = await t.core.invoke('cases.create', { task: 'task-a', program: { path: 'p.sh', content: '' }, command, timeoutS: 60 });
    return t.core.invoke('experiments.create', { name, arms: ['original'], repeats: 1, cases: [c.id] });
  };

  it('says a stop of a job it does not run stops nothing', async () => {
    expect(new RunService(new LiveSession()).stop('runs-unknown')).toBe(false);
    expect(await a.core.invoke('runs.stop', { jobId: 'runs-unknown' })).toEqual({ stopping: false });
  });

  it('stops only its own runs: another core neither stops nor cancels them', async () => {
    const release = join(dir, 'release');
    const exp = await experiment(a, 'stoppable', `echo waiting; while [ ! -e ${shQuote(release)} ]; do sleep 0.05; done; echo '{"score": 1}' > score.json`);
    const jobId = `stop-${exp.id}`;
    const running = outputSeen(a.core, 'waiting', 60_000);
    const end = jobEnd(a.core, jobId, 120_000);
    await a.core.invoke('runs.start', { experiment: exp.id, backend: 'local', jobId });
    await running;
    expect(await b.core.invoke('runs.stop', { jobId })).toEqual({ stopping: false });
    expect(await b.core.invoke('runs.cancel', { jobId })).toEqual({ cancelled: false });
    expect(await a.core.invoke('runs.stop', { jobId })).toEqual({ stopping: true });
    writeFileSync(release, '');
    expect((await end).phase).toBe('done');
    expect(await a.core.invoke('runs.stop', { jobId })).toEqual({ stopping: false });
    const detail = await a.core.invoke('experiments.get', { id: exp.id });
    expect(detail.attempts.map((r) => r.status)).toEqual(['succeeded']);
  });

  it('probes a host for its GPUs once across its runs, and another core probes again', async () => {
    const probes = fakeGpu('gpu-bin');
    const score = `echo '{"score": 1}' > score.json`;
    const first = await a.core.invoke('runs.start', { experiment: (await experiment(a, 'gpus 1', score)).id, backend: 'local', wait: true });
    const second = await a.core.invoke('runs.start', { experiment: (await experiment(a, 'gpus 2', score)).id, backend: 'local', wait: true });
    expect([...first.rows, ...second.rows].map((r) => [r.status, r.gpu])).toEqual([
      ['succeeded', '0'],
      ['succeeded', '0'],
    ]);
    expect(probes()).toBe(1);
    const other = await b.core.invoke('runs.start', { experiment: (await experiment(b, 'gpus 3', score)).id, backend: 'local', wait: true });
    expect(other.rows.map((r) => r.status)).toEqual(['succeeded']);
    expect(probes()).toBe(2);
  });
});
