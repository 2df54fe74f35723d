import { execFileSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../../core/core';
import { useTempDir } from '../../test-support/temp-dir';
import { writeBundle } from '../../test-support/write-bundle';
import { diagnoseAttempt, type AttemptForDiagnosis } from './attempt-diagnosis';
import { importedModules } from './attempt-environment-probe';

const tempDir = useTempDir();

const traceback = (file: string, line: number, code: string, error: string) =>
  ['Traceback (most recent call last):', `  File "${file}", line ${line}, in <module>`, `    ${code}`, error].join('\r\n');
const origin = {
  rollout: 'r-1',
  step: 3,
  kind: 'crash' as const,
  exceptionClass: 'ValueError',
  message: 'could not convert string to float',
  programLine: 23,
  frames: [],
  traceback: null,
};
const attempt = (status: string, exitCode: number | null, log: string): AttemptForDiagnosis => ({ id: 7, status, exitCode, command: 'python train.py', log });

describe('diagnoseAttempt', () => {
  it('says reproduced for the same exception class at the same program line', () => {
    const d = diagnoseAttempt(
      attempt('failed', 1, traceback('/tmp/rwb/a1/train.py', 23, 'x = float(s)', "ValueError: could not convert string to float: 'n/a'")),
      'train.py',
      origin,
    );
    expect(d).toMatchObject({
      outcome: 'reproduced',
      summary: 'reproduced: ValueError at train.py:23',
      failure: { exceptionClass: 'ValueError', programLine: 23 },
    });
  });

  it('names a different failure, and calls a missing package, a missing command or memory the environment', () => {
    expect(diagnoseAttempt(attempt('failed', 1, traceback('train.py', 30, 'y[9]', 'IndexError: list index out of range')), 'train.py', origin).summary).toBe(
      'different failure: IndexError at train.py:30, not ValueError at train.py:23',
    );
    const sameClassOtherLine = diagnoseAttempt(attempt('failed', 1, traceback('train.py', 24, 'float(t)', 'ValueError: x')), 'train.py', origin);
    expect(sameClassOtherLine.outcome).toBe('different_failure');
    const pandas = diagnoseAttempt(
      attempt('failed', 1, traceback('train.py', 1, 'import pandas as pd', "ModuleNotFoundError: No module named 'pandas'")),
      'train.py',
      origin,
    );
    expect(pandas).toMatchObject({ outcome: 'environment', failure: { kind: 'missing_package', exceptionClass: 'ModuleNotFoundError' } });
    expect(pandas.summary).toBe("environment: No module named 'pandas', not ValueError at train.py:23");
    expect(diagnoseAttempt(attempt('failed', 127, 'bash: python: command not found\r\n'), 'train.py', origin).outcome).toBe('environment');
  });

  it('says passed when the attempt succeeded, and pending before it ends', () => {
    expect(diagnoseAttempt(attempt('succeeded', 0, 'val RMSLE: 0.35\r\n'), 'train.py', origin)).toMatchObject({
      outcome: 'passed',
      summary: 'passed: ValueError at train.py:23 did not happen again',
      failure: null,
    });
    expect(diagnoseAttempt(attempt('running', null, ''), 'train.py', origin).outcome).toBe('pending');
  });
});

describe('importedModules', () => {
  it('lists the top-level modules a program imports, skipping relative imports', () => {
    const source = 'import numpy as np, os.path\nfrom sklearn.metrics import f1_score\nfrom . import local\n  import pandas\nx = "import nothing"\n';
    expect(importedModules(source)).toEqual(['numpy', 'os', 'pandas', 'sklearn']);
  });
});

describe('attempts.diagnosis on a real rerun', () => {
  it('reruns a failed step locally and reports reproduced, and environment for a program that imports a missing package', async () => {
    const dir = tempDir();
    const raising = 'import sys\nvalue = "n/a"\nraise ValueError(f"could not convert {value}")\n';
    const importing = 'import rwb_no_such_package_here\nraise ValueError("never reached")\n';
    const step = (index: number, version: number, line: number, code: string) => ({
      type: 'step',
      rollout: 'r-1',
      index,
      command: 'python3 job.py',
      stderr: traceback('/workspace/job.py', line, code, 'ValueError: could not convert n/a').replace(/\r\n/g, '\n'),
      exitCode: 1,
      durationMs: 100,
      program: { path: 'job.py', version },
    });
    const bundle = writeBundle(dir, 'b.jsonl', [
      { type: 'benchmark', id: 'bench', discipline: 'ml', role: 'mining' },
      { type: 'task', id: 'task-1', benchmark: 'bench', statement: 'S', metric: 'accuracy', higherIsBetter: true },
      { type: 'collection', id: 'pool', name: 'Pool', createdAt: '2026-09-01' },
      { type: 'rollout', id: 'r-1', task: 'task-1', collection: 'pool', agent: 'haiku', seed: 1, grade: 'wrong', score: 0 },
      { type: 'program', rollout: 'r-1', path: 'job.py', version: 0, content: raising },
      { type: 'program', rollout: 'r-1', path: 'job.py', version: 1, content: importing },
      step(0, 0, 3, 'raise ValueError(f"could not convert {value}")'),
      step(1, 1, 2, 'raise ValueError("never reached")'),
    ]);
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    await core.invoke('import.files', { paths: [bundle] });
    const same = await core.invoke('runs.rerun', { rollout: 'r-1', path: 'job.py', version: 0, command: 'python3 job.py', wait: true });
    const sameAttempt = (await core.invoke('experiments.get', { id: same.experiment })).attempts[0]!;
    const d = await core.invoke('attempts.diagnosis', { id: sameAttempt.id });
    expect(d).toMatchObject({
      outcome: 'reproduced',
      origin: { rollout: 'r-1', step: 0, exceptionClass: 'ValueError', programLine: 3 },
      failure: { exceptionClass: 'ValueError', programLine: 3 },
    });
    expect(d.failure!.traceback).toContain('raise ValueError');
    // Where it ran, probed with the attempt's own python3: the host, the interpreter, the freeze digest, the program's imports.
    const python = execFileSync('python3', ['-c', 'import sys; print(sys.version.split()[0])'], { encoding: 'utf8' }).trim();
    expect(d.environment).toMatchObject({ host: hostname(), python: { version: python }, imports: { sys: null }, problems: [] });
    expect(d.environment!.freezeDigest).toMatch(/^[0-9a-f]{16}$/);

    const env = await core.invoke('runs.rerun', { rollout: 'r-1', path: 'job.py', version: 1, command: 'python3 job.py', wait: true });
    const envAttempt = (await core.invoke('experiments.get', { id: env.experiment })).attempts[0]!;
    const e = await core.invoke('attempts.diagnosis', { id: envAttempt.id });
    expect(e).toMatchObject({ outcome: 'environment', failure: { kind: 'missing_package', exceptionClass: 'ModuleNotFoundError' } });
    expect(e.summary).toBe("environment: No module named 'rwb_no_such_package_here', not ValueError at job.py:2");
    expect(e.environment!.imports).toEqual({ rwb_no_such_package_here: null });
    // The step that ran version 0 lists its rerun and whether the failure came back; version 1's lists its own.
    expect(await core.invoke('attempts.ofProgram', { rollout: 'r-1', path: 'job.py', version: 0 })).toEqual([
      { attemptId: sameAttempt.id, experiment: same.experiment, status: 'failed', host: hostname(), outcome: 'reproduced', summary: d.summary },
    ]);
    expect((await core.invoke('attempts.ofProgram', { rollout: 'r-1', path: 'job.py', version: 1 })).map((r) => r.outcome)).toEqual(['environment']);
    core.close();
  });
});
