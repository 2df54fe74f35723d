/**
 * The local backend with real processes (bash in node-pty, python), through the API a shell
 * uses: one-click rerun, scores by every rule, failures, the time cap killing a process
 * group, cancel and continue, and the paired comparison checked by hand.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../../test-support/temp-dir';
import { LocalRunner } from './local-runner';
import { ProcessGroups } from './process-group';
import type { AttemptSpec, RawOutcome } from './runner';
import { runCorpus, processGoneSoon, type TestCore } from './test-support/run-corpus';
import { jobEnd, outputSeen, recordEvents, tableProgram } from './test-support/run-helpers';

const tempDir = useTempDir();

describe('local backend through the API', () => {
  let t: TestCore;
  let dir: string;
  const savedEnv = { HOME: process.env.HOME, ANTHROPIC_API_KEY: process.env.ANTHROPIC_API_KEY };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-local-'));
    t = await runCorpus(dir);
  });
  afterAll(async () => {
    t.core.close();
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("reruns a failed step's program three times with one call, streaming its terminal live", async () => {
    const events = recordEvents(t.core);
    const run = await t.core.invoke('runs.rerun', { rollout: 'r-fail', path: 'final.py', version: 1, backend: 'local', repeats: 3, wait: true });
    expect(run.case).toMatchObject({ task: 'task-a', command: 'python final.py', timeoutS: 600, score: { from: 'json', path: 'score.json', field: 'score' } });
    expect(run.rows.map((r) => [r.arm, r.repeat, r.status, r.exitCode, r.score, r.valid, r.host, r.backend])).toEqual([
      ['original', 0, 'succeeded', 0, 0.5, true, 'local', 'local'],
      ['original', 1, 'succeeded', 0, 0.6, true, 'local', 'local'],
      ['original', 2, 'succeeded', 0, 0.7, true, 'local', 'local'],
    ]);
    for (const row of run.rows) {
      expect(row.wallS).toBeGreaterThan(0.3);
      expect(row.startedAt! <= row.endedAt!).toBe(true);
      expect(existsSync(join(row.workDir!, 'score.json'))).toBe(true);
    }
    // Live: the first line arrived while the program was still sleeping, well before its end was recorded.
    const first = run.attempts[0]!;
    const firstOutput = events.find((e) => e.event.type === 'attempt:output' && e.event.attemptId === first && e.event.data.includes('epoch 1'))!;
    const end = events.find((e) => e.event.type === 'attempt:status' && e.event.attempt.id === first && e.event.attempt.status === 'succeeded')!;
    expect(firstOutput).toBeDefined();
    expect(end.at - firstOutput.at).toBeGreaterThan(0.25 * 1000);
    // The whole log is kept, compressed, in the corpus.
    const log = await t.core.invoke('attempts.log', { id: first });
    expect(log.text).toContain('epoch 1');
    expect(log.text).toContain('val score: 0.500');
    expect(log.bytes).toBeGreaterThan(20);
    // The same program version makes the same case, reused by the next rerun.
    const again = await t.core.invoke('cases.create', { program: { rollout: 'r-fail', path: 'final.py', version: 1 } });
    expect(again).toMatchObject({ id: run.case.id, created: false, attempts: 3 });
  });

  it('reads scores by regex over the output, by a dotted JSON field and from a grader command', async () => {
    const program = {
      path: 'train.py',
      content:
        'import json\nprint("noise 9")\njson.dump({"metrics": {"acc": 0.8125}}, open("out.json", "w"))\nprint("val acc 0.75")\nprint("val acc 0.8125")\n',
    };
    const make = (score: object) => t.core.invoke('cases.create', { task: 'task-b', program, command: 'python3 train.py', score: score as never });
    const cases = [
      await make({ from: 'stdout', regex: 'val acc ([0-9.]+)' }),
      await make({ from: 'json', path: 'out.json', field: 'metrics.acc' }),
      await make({ from: 'command', command: `python3 -c 'import json; print("grading..."); print(json.load(open("out.json"))["metrics"]["acc"] * 100)'` }),
    ];
    const exp = await t.core.invoke('experiments.create', { name: 'score rules', arms: ['original'], repeats: 1, cases: cases.map((c) => c.id) });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
    const byCase = new Map(run.rows.map((r) => [r.case, r]));
    expect(cases.map((c) => byCase.get(c.id)?.score)).toEqual([0.8125, 0.8125, 81.25]);
    expect(run.rows.every((r) => r.status === 'succeeded' && r.valid === true)).toBe(true);
  });

  it('records a failing program as failed with its exit code, and a missing score as not valid', async () => {
    const failing = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'boom.py', content: 'raise KeyError("Agee")\n' },
      command: 'python3 boom.py',
    });
    const noScore = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'quiet.py', content: 'print("done")\n' },
      command: 'python3 quiet.py',
    });
    const exp = await t.core.invoke('experiments.create', { name: 'failures', arms: ['original'], repeats: 1, cases: [failing.id, noScore.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
    const byCase = new Map(run.rows.map((r) => [r.case, r]));
    expect(byCase.get(failing.id)).toMatchObject({ status: 'failed', exitCode: 1, score: null, valid: false });
    expect((await t.core.invoke('attempts.log', { id: byCase.get(failing.id)!.id })).text).toContain("KeyError: 'Agee'");
    expect(byCase.get(noScore.id)).toMatchObject({
      status: 'succeeded',
      exitCode: 0,
      score: null,
      valid: false,
      error: 'no valid score: the program wrote no score.json',
    });
  });

  it('kills a sleeping program and its child at a 2-second cap', async () => {
    const c = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'nap.sh', content: 'sleep 60 &\necho $! > child.pid\necho $$ > main.pid\nsleep 60\n' },
      command: 'bash nap.sh',
      timeoutS: 2,
    });
    const exp = await t.core.invoke('experiments.create', { name: 'cap', arms: ['original'], repeats: 1, cases: [c.id] });
    const started = performance.now();
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
    const elapsed = (performance.now() - started) / 1000;
    const row = run.rows[0]!;
    expect(row).toMatchObject({ status: 'timeout', valid: false, timeoutS: 2, error: 'killed at the 2 s time cap' });
    expect(row.wallS!).toBeGreaterThanOrEqual(1.95);
    // Far short of the program's 60 s sleep: the cap ended it (the margin is for a loaded machine).
    expect(row.wallS!).toBeLessThan(30);
    expect(elapsed).toBeLessThan(30);
    const child = Number(readFileSync(join(row.workDir!, 'child.pid'), 'utf8'));
    const main = Number(readFileSync(join(row.workDir!, 'main.pid'), 'utf8'));
    expect(await processGoneSoon(child)).toBe(true);
    expect(await processGoneSoon(main)).toBe(true);
  });

  it('cancels a run: the running attempt is interrupted and killed, the rest stay never started, and continue starts only those', async () => {
    const program = 'if [ "$RWB_REPEAT" = 0 ]; then echo $$ > main.pid; echo started; sleep 30; fi\necho \'{"score": 1}\' > score.json\n';
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'slow.sh', content: program }, command: 'bash slow.sh' });
    const exp = await t.core.invoke('experiments.create', { name: 'cancel', arms: ['original'], repeats: 3, cases: [c.id] });
    const seen = outputSeen(t.core, 'started');
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local' });
    const ended = jobEnd(t.core, run.jobId);
    await seen;
    expect(await t.core.invoke('runs.cancel', { jobId: run.jobId })).toEqual({ cancelled: true });
    expect((await ended).phase).toBe('cancelled');
    let grid = (await t.core.invoke('experiments.get', { id: exp.id })).attempts;
    expect(grid.map((a) => [a.repeat, a.status, a.dispatchedAt === null])).toEqual([
      [0, 'interrupted', false],
      [1, 'queued', true],
      [2, 'queued', true],
    ]);
    expect(grid[0]!.error).toBe('cancelled');
    expect(await processGoneSoon(Number(readFileSync(join(grid[0]!.workDir!, 'main.pid'), 'utf8')))).toBe(true);
    expect(await t.core.invoke('runs.cancel', { jobId: run.jobId })).toEqual({ cancelled: false });

    await expect(t.core.invoke('runs.start', { experiment: exp.id, backend: 'local' })).rejects.toThrow(/1 of 3 slots were already started; pass continue/);
    const resumed = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', continue: true, wait: true });
    expect(resumed.rows.map((r) => r.repeat)).toEqual([1, 2]);
    grid = (await t.core.invoke('experiments.get', { id: exp.id })).attempts;
    // Every attempt is kept: the interrupted one is not retried.
    expect(grid.map((a) => [a.repeat, a.status])).toEqual([
      [0, 'interrupted'],
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    await expect(t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', continue: true })).rejects.toThrow(/nothing to continue/);
  });

  it('compares two arms with effect, coverage and CI that match a hand computation', async () => {
    /*
     * Hand computation. Cases A (task-a), B and C (task-b); arms original and fixed; 2 repeats.
     * A: original 0.50, 0.60; fixed 0.70, 0.90 -> diffs 0.20, 0.30 -> case mean 0.25
     * B: original 0.40, 0.40; fixed 0.45, fails -> only repeat 0 pairs: 0.05
     * C: original 0.30, 0.30; fixed fails twice -> no pair
     * effect = mean(0.25, 0.05) = 0.15; coverage = 2/3; pairs = 3.
     * Bootstrap over the two tasks: {a,a} -> 0.25, {b,b} -> 0.05 (C has no pair), {a,b} -> 0.15,
     * each extreme with probability 1/4 > 2.5%, so the 95% CI is [0.05, 0.25].
     * Validity: original 6/6 valid, fixed 3/6 -> difference (fixed - original) = -0.5.
     */
    const mk = async (id: string, task: string, scores: (number | null)[]) =>
      t.core.invoke('cases.create', { id, task, program: { path: 'score.py', content: tableProgram(scores) }, command: 'python3 score.py' });
    await mk('cmp-a', 'task-a', [0.5, 0.6]);
    await mk('cmp-b', 'task-b', [0.4, 0.4]);
    await mk('cmp-c', 'task-b', [0.3, 0.3]);
    const fixed = (c: string, scores: (number | null)[]) => ({ arm: 'fixed', case: c, program: { path: 'score.py', content: tableProgram(scores) } });
    const exp = await t.core.invoke('experiments.create', {
      name: 'fixed vs original',
      arms: ['original', 'fixed'],
      repeats: 2,
      cases: ['cmp-a', 'cmp-b', 'cmp-c'],
      variants: [fixed('cmp-a', [0.7, 0.9]), fixed('cmp-b', [0.45, null]), fixed('cmp-c', [null, null])],
    });
    expect(exp.attempts).toHaveLength(12);
    expect(exp.counts.queued).toBe(12);
    await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 4, wait: true });
    const detail = await t.core.invoke('experiments.get', { id: exp.id });
    expect(detail.counts).toMatchObject({ succeeded: 9, failed: 3, queued: 0 });
    const cmp = await t.core.invoke('experiments.compare', { experiment: exp.id, a: 'fixed', b: 'original' });
    expect(cmp.effect).toBeCloseTo(0.15, 10);
    expect(cmp.ci![0]).toBeCloseTo(0.05, 10);
    expect(cmp.ci![1]).toBeCloseTo(0.25, 10);
    expect(cmp.coverage).toBeCloseTo(2 / 3, 10);
    expect([cmp.cases, cmp.pairedCases, cmp.pairs]).toEqual([3, 2, 3]);
    expect(cmp.validity.difference).toBeCloseTo(-0.5, 10);
  });

  it('never executes hostile program paths, commands or data folder names, and keeps secrets out of programs and the corpus', async () => {
    const home = join(dir, 'fake-home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'canary'), 'still here');
    process.env.HOME = home;
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test-secret-123';
    const data = join(dir, `data; rm -rf ~ $(touch pwned-data) '"`);
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'train.csv'), 'a,b\n1,2\n');
    const hostilePath = `; rm -rf ~ $(touch pwned-path) \`touch pwned-tick\` 'q' "d"\nline.py`;
    const program =
      'import json, os\nprint(open("train.csv").read().strip())\nprint("KEY=" + os.environ.get("ANTHROPIC_API_KEY", "none"))\njson.dump({"score": 1}, open("score.json", "w"))\n';
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: hostilePath, content: program }, dataDir: data });
    expect(c.command).toBe(`python '${hostilePath.replaceAll("'", `'\\''`)}'`);
    const printing = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'p.sh', content: '' },
      command: `printf '%s\\n' "it's \\"quoted\\"" '$(touch pwned-cmd)'; echo '{"score": 2}' > score.json`,
    });
    const exp = await t.core.invoke('experiments.create', { name: 'hostile', arms: ['original'], repeats: 1, cases: [c.id, printing.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
    for (const row of run.rows) expect(row).toMatchObject({ status: 'succeeded', valid: true });
    const byCase = new Map(run.rows.map((r) => [r.case, r]));
    const hostileLog = (await t.core.invoke('attempts.log', { id: byCase.get(c.id)!.id })).text;
    expect(hostileLog).toContain('a,b');
    expect(hostileLog).toContain('KEY=none');
    const printLog = (await t.core.invoke('attempts.log', { id: byCase.get(printing.id)!.id })).text;
    expect(printLog).toContain(`it's "quoted"\r\n$(touch pwned-cmd)`);
    expect(readFileSync(join(home, 'canary'), 'utf8')).toBe('still here');
    for (const where of [dir, process.cwd(), ...run.rows.map((r) => r.workDir!), home, data]) {
      for (const name of ['pwned-data', 'pwned-path', 'pwned-tick', 'pwned-cmd']) expect(existsSync(join(where, name))).toBe(false);
    }
    // The secret reached neither a program nor the corpus file.
    t.core.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(t.dbPath).includes('sk-ant-test-secret-123')).toBe(false);
  });

  it('round-trips runs through export: the corpus re-imports its own cases, experiments and attempts as duplicates', async () => {
    const out = join(dir, 'export.jsonl');
    await t.core.invoke('export.bundle', { out });
    const mine = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .filter((l) => ['case', 'experiment', 'attempt'].includes((JSON.parse(l) as { type: string }).type));
    expect(mine.length).toBeGreaterThan(20);
    const runsOnly = join(dir, 'runs-only.jsonl');
    writeFileSync(runsOnly, `${mine.join('\n')}\n`);
    const result = await t.core.invoke('import.files', { paths: [runsOnly] });
    expect(result.files[0]!.error).toBeNull();
    expect(result.files[0]!.duplicates).toBe(mine.length);
  });
});

describe('LocalRunner', () => {
  const spec = (dir: string, command: string, timeoutS: number): AttemptSpec => ({
    attemptId: 1,
    experiment: 'e',
    caseId: 'c',
    arm: 'a',
    repeat: 0,
    files: [],
    dataDir: null,
    command,
    timeoutS,
    score: { from: 'stdout', regex: 'x' },
    localDir: dir,
    envNames: [],
    gpus: null,
  });
  const run = async (s: AttemptSpec, runner = new LocalRunner({ graceS: 1, groups: new ProcessGroups() })) => {
    let output = '';
    const outcome: RawOutcome = await runner.runAttempt(
      s,
      { dispatched() {}, started() {}, withdrawn() {}, output: (_id, d) => (output += d), finished() {} },
      new AbortController().signal,
    );
    return { output, outcome };
  };

  it('reads the last bytes of a large output (the PTY is drained before the program is reported ended)', async () => {
    for (let i = 0; i < 3; i++) {
      const { output, outcome } = await run(spec(join(tempDir(), 'w'), 'head -c 2000000 /dev/zero | tr "\\0" x; echo; echo "val score: 0.93"', 10));
      expect(outcome).toMatchObject({ end: 'exited', exitCode: 0 });
      expect(output.length).toBe(2_000_000 + 2 + 'val score: 0.93\r\n'.length);
      expect(output.endsWith('val score: 0.93\r\n')).toBe(true);
    }
  });

  it('sends SIGKILL after the grace to a program that ignores SIGTERM', async () => {
    const { outcome } = await run(spec(join(tempDir(), 'w'), "trap '' TERM; sleep 30 & wait; sleep 30", 1));
    expect(outcome.end).toBe('timeout');
    expect(outcome.wallS!).toBeLessThan(3);
  });
});
