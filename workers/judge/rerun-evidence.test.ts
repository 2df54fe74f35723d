/**
 * Issue 27: re-running judged failures never moves precision and recall. Two real local re-runs,
 * one on a machine missing the package the program imports (environment), one that raises the
 * judged exception again (reproduced): the library's figures stay as judged, the re-run figure
 * counts both, and a report pinned to the first one's rows says two re-runs came since.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';

const tempDir = useTempDir();

const traceback = (line: number, code: string) =>
  ['Traceback (most recent call last):', `  File "/workspace/job.py", line ${line}, in <module>`, `    ${code}`, 'ValueError: could not convert n/a'].join(
    '\n',
  );

function bundle(): object[] {
  const step = (index: number, version: number, line: number, code: string) => ({
    type: 'step',
    rollout: 'r-1',
    index,
    command: 'python3 job.py',
    stderr: traceback(line, code),
    exitCode: 1,
    durationMs: 100,
    program: { path: 'job.py', version },
  });
  return [
    { type: 'benchmark', id: 'bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'task-1', benchmark: 'bench', statement: 'S', metric: 'accuracy', higherIsBetter: true },
    { type: 'rollout', id: 'r-1', task: 'task-1', grade: 'wrong', score: 0 },
    { type: 'program', rollout: 'r-1', path: 'job.py', version: 0, content: 'value = "n/a"\nraise ValueError(f"could not convert {value}")\n' },
    { type: 'program', rollout: 'r-1', path: 'job.py', version: 1, content: 'import rwb_no_such_package_here\nraise ValueError("could not convert n/a")\n' },
    step(0, 0, 2, 'raise ValueError(f"could not convert {value}")'),
    step(1, 1, 2, 'raise ValueError("could not convert n/a")'),
    { type: 'rubric', id: 'e1', title: 'e1', appliesWhen: 'a', pattern: 'p', family: 'error', category: 'C02', support: [{ rollout: 'r-1', task: 'task-1' }] },
    { type: 'library', id: 'L', name: 'L', method: 'hand-curated', builtAt: '2026-10-01', rubrics: ['e1'] },
  ];
}

describe('re-runs of judged failures', () => {
  it('leave precision and recall as judged and are counted in their own figure', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    try {
      await core.invoke('import.files', { paths: [writeBundle(dir, 'b.jsonl', bundle())] });
      const db = core.db;
      const program = (version: number) => db.prepare<unknown[], number>('SELECT id FROM program_versions WHERE version = ?').pluck().get(version);
      const verdict = db.prepare(`INSERT INTO verdicts (rubric_id, program_id, verdict, predicted_exception, created_at) VALUES ('e1', ?, ?, ?, '2026-10-03')`);
      verdict.run(program(0), 'fires', 'ValueError');
      verdict.run(program(1), 'does_not_fire', null);
      // Judged: e1 fired on v0 and v0 raised ValueError: precision 1/1. Failures: v0 ValueError and v1 ValueError,
      // one caught: recall 1/2. Neither was re-run yet: 0 of 2.
      const judged = await core.invoke('rubrics.precisionRecall', { library: 'L' });
      const figures = (r: typeof judged) => r.families.map((f) => [f.family, f.precision.hits, f.precision.total, f.recall.hits, f.recall.total]);
      expect(figures(judged)).toEqual([
        ['error', 1, 1, 1, 2],
        ['performance', 0, 0, 0, 0],
      ]);
      expect(judged.reruns).toMatchObject({ judgedFailures: 2, rerun: 0, failures: [] });

      const reproduced = await core.invoke('runs.rerun', { rollout: 'r-1', path: 'job.py', version: 0, command: 'python3 job.py', wait: true });
      const environment = await core.invoke('runs.rerun', { rollout: 'r-1', path: 'job.py', version: 1, command: 'python3 job.py', wait: true });
      const attemptOf = async (experiment: string) => (await core.invoke('experiments.get', { id: experiment })).attempts[0]!.id;

      // v1's re-run raised ModuleNotFoundError: before issue 27 it joined the truth and recall became 1/3.
      const after = await core.invoke('rubrics.precisionRecall', { library: 'L' });
      expect(figures(after)).toEqual(figures(judged));
      expect(after.reruns).toMatchObject({ judgedFailures: 2, rerun: 2, reproduced: 1, different: 0, environment: 1, unresolved: 0 });
      expect(after.reruns.failures).toEqual([
        {
          rollout: 'r-1',
          path: 'job.py',
          version: 0,
          exceptionClass: 'ValueError',
          outcome: 'reproduced',
          attempts: [
            {
              id: await attemptOf(reproduced.experiment),
              experiment: reproduced.experiment,
              outcome: 'reproduced',
              summary: 'reproduced: ValueError at job.py:2',
            },
          ],
        },
        {
          rollout: 'r-1',
          path: 'job.py',
          version: 1,
          exceptionClass: 'ValueError',
          outcome: 'environment',
          attempts: [
            {
              id: await attemptOf(environment.experiment),
              experiment: environment.experiment,
              outcome: 'environment',
              summary: "environment: No module named 'rwb_no_such_package_here', not ValueError at job.py:2",
            },
          ],
        },
      ]);

      // The screen's figures stay those it computed until asked to recompute, and it says what came since.
      const pinned = await core.invoke('rubrics.precisionRecall', { library: 'L', through: judged.basis.through });
      expect(figures(pinned)).toEqual(figures(judged));
      expect(pinned.reruns).toEqual(judged.reruns);
      expect(pinned.since).toEqual({ verdicts: 0, reruns: 2, labels: 0, failures: 0 });
      expect(pinned.basis).toMatchObject({ runs: ['unrecorded'], rollouts: ['r-1'], judgedAt: '2026-10-03', through: judged.basis.through });
      expect(after.since).toEqual({ verdicts: 0, reruns: 0, labels: 0, failures: 0 });
    } finally {
      core.close();
    }
  });
});
