/**
 * Every run file of fixtures/agents (real files of other agents' harnesses, see its README)
 * imported as it is. Expectations are read from the raw files independently of the
 * importers (exit codes, refused edits, buggy nodes) and, where a literal says more, were
 * checked by hand against the files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { getRollout, listFailures, listSteps } from '../corpus/rollout-queries';
import { useTempDir } from '../test-support/temp-dir';
import { importFile } from './import-file';
import { chooseImporter } from './registry';
import { oneRow } from '../db/one-row';

const agents = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/agents');
const fixture = (name: string) => join(agents, name);
const tempDir = useTempDir();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function rolloutIds(db: Db): string[] {
  return db.prepare<unknown[], string>('SELECT id FROM rollouts ORDER BY id').pluck().all();
}

function stdoutOf(db: Db, rollout: string, idx: number): string {
  return oneRow(
    db
      .prepare<unknown[], string>('SELECT body FROM texts WHERE hash = (SELECT stdout_hash FROM steps WHERE rollout_id = ? AND idx = ?)')
      .pluck()
      .get(rollout, idx),
  );
}

const stepActions = new Set(['run', 'run_ipython', 'edit', 'read', 'write', 'browse', 'browse_interactive']);

describe('OpenHands', () => {
  const file = 'u1-openhands-multi-swe-bench-output.jsonl';
  const instances = readFileSync(fixture(file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);

  it('imports each instance of an evaluation output with its commands, exit codes, refused edits and patch', async () => {
    expect((await chooseImporter(fixture(file), file, 'auto')).format).toBe('openhands');
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    const result = await importFile(db, fixture(file));
    expect(result).toMatchObject({ format: 'openhands', rollouts: 3, steps: 101, failures: 42 });
    for (const instance of instances) {
      const id = rolloutIds(db).find((r) => r.startsWith(`openhands:${instance.instance_id}@`))!;
      const history = instance.history as Json[];
      const actions = history.filter((e) => stepActions.has(e.action));
      const answer = (a: Json) => history.find((e) => e.cause === a.id && e.observation !== undefined);
      const steps = listSteps(db, id);
      expect(steps).toHaveLength(actions.length);
      // Exit codes exactly as the run observations carry them; other actions have none.
      expect(steps.map((s) => s.exitCode)).toEqual(actions.map((a) => (a.action === 'run' ? answer(a)!.extras.metadata.exit_code : null)));
      expect(steps.filter((s, i) => actions[i]!.action === 'run').map((s) => s.command)).toEqual(
        actions.filter((a) => a.action === 'run').map((a) => a.args.command),
      );
      const failures = listFailures(db, id);
      const nonZero = steps.filter((s) => s.exitCode !== null && s.exitCode !== 0).map((s) => s.index);
      const refused = actions.flatMap((a, i) => (a.action === 'edit' && String(answer(a)!.content).startsWith('ERROR:') ? [i] : []));
      expect(failures.map((f) => f.step).sort((a, b) => a! - b!)).toEqual([...nonZero, ...refused].sort((a, b) => a - b));
      for (const f of failures.filter((x) => refused.includes(x.step!))) {
        expect(f.kind).toBe('rejected_edit');
        expect(f.message).toMatch(/^(No replacement was performed|Parameter `old_str` is required|Invalid `new_str` parameter)/);
      }
      const rollout = getRollout(db, id);
      expect(rollout).toMatchObject({
        taskId: `openhands:${instance.instance_id}`,
        agent: 'openai/openrouter-llama-4-maverick',
        submitted: instance.test_result.git_patch,
      });
      expect(rollout.taskStatement).toBe(instance.instance.problem_statement);
      expect(rollout.sourcePath).toBe(fixture(file));
    }
    // Checked by hand: ponyc-4595 runs `ponyc` before building it (exit 127), then `make` fails (exit 2).
    const first = rolloutIds(db).find((r) => r.startsWith('openhands:ponylang__ponyc-4595@'))!;
    const notFound = listSteps(db, first).find((s) => s.exitCode === 127)!;
    expect(notFound.command).toContain('ponyc test.pony -o .');
    expect(listFailures(db, first).find((f) => f.step === notFound.index)).toMatchObject({ kind: 'crash', message: 'command not found: ponyc' });
    expect(stdoutOf(db, first, notFound.index)).toBe('bash: ponyc: command not found');
    const last = JSON.parse(
      oneRow(db.prepare<unknown[], string>('SELECT extra FROM rollouts WHERE id LIKE ?').pluck().get('openhands:ponylang__ponyc-4588@%')),
    ) as Json;
    expect(last.error).toMatch(/^RuntimeError: Agent reached maximum iteration/);
    expect(last.finalState).toMatchObject({ finished: false });
    db.close();
  });

  it('imports an event list (a top-level array) named from its file', async () => {
    const dir = tempDir();
    const events = join(dir, 'session-events.json');
    writeFileSync(events, JSON.stringify(instances[0]!.history, null, 2));
    expect((await chooseImporter(events, 'session-events.json', 'auto')).format).toBe('openhands');
    const db = openCorpus(join(dir, 'corpus.db'));
    expect(await importFile(db, events)).toMatchObject({ format: 'openhands', rollouts: 1, steps: 21, failures: 6 });
    const [id] = rolloutIds(db);
    expect(id).toMatch(/^openhands:session-events@[0-9a-f]{12}$/);
    expect(getRollout(db, id!)).toMatchObject({ taskId: 'openhands:session-events', submitted: null });
    expect((JSON.parse(oneRow(db.prepare<unknown[], string>('SELECT extra FROM rollouts').pluck().get())) as Json).finalState).toMatchObject({
      finished: true,
    });
    db.close();
  });
});

describe('mini-swe-agent', () => {
  const file = 'u6-mini-github_issue.traj.json';

  it('imports each bash block with its <returncode> and <output>, and the final diff as the submission', async () => {
    expect((await chooseImporter(fixture(file), file, 'auto')).format).toBe('mini-swe-agent');
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'mini-swe-agent', rollouts: 1, steps: 10, failures: 2 });
    const [id] = rolloutIds(db);
    const steps = listSteps(db, id!);
    // Checked by hand: the returncodes of the nine answers, and none for the submission's diff.
    expect(steps.map((s) => s.exitCode)).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 0, null]);
    expect(steps[0]!.command).toBe('cat /Users/fuchur/Documents/24/git_sync/swe-agent-test-repo/tests/./missing_colon.py');
    expect(steps[6]!.command).toBe('python3 tests/missing_colon.py');
    expect(stdoutOf(db, id!, 6)).toBe('8.2');
    expect(listFailures(db, id!).map((f) => [f.step, f.kind, f.exceptionClass, f.message])).toEqual([
      [0, 'crash', null, 'cat: /Users/fuchur/Documents/24/git_sync/swe-agent-test-repo/tests/./missing_colon.py: No such file or directory'],
      [7, 'crash', 'ZeroDivisionError', 'division by zero'],
    ]);
    expect(listFailures(db, id!)[1]!.frames.at(-1)).toMatchObject({ file: '/testbed/tests/missing_colon.py', line: 5, function: 'division' });
    expect(getRollout(db, id!).submitted).toMatch(/^diff --git a\/tests\/missing_colon\.py b\/tests\/missing_colon\.py/);
    db.close();
  });
});

describe('runs shaped like the real files that a 64 KiB head could not tell (issue 26)', () => {
  it('mini-swe-agent 1.x, info first and trajectory_format after 76 KB of messages: steps, failures, exit status and submission', async () => {
    const file = 'm1-mini-swe-agent-1x.traj.json';
    const raw = JSON.parse(readFileSync(fixture(file), 'utf8')) as Json;
    expect(readFileSync(fixture(file), 'utf8').indexOf('"trajectory_format"')).toBeGreaterThan(64 * 1024);
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'mini-swe-agent', rollouts: 1, steps: 13, failures: 2 });
    const [id] = rolloutIds(db);
    expect(id).toMatch(/^mini-swe-agent:django__django-15814@/);
    // The return codes as the answers carry them, none for the submission's diff.
    const codes = (raw.messages as Json[]).flatMap((m) => (m.role === 'user' && /^<returncode>/.test(m.content) ? [Number(/-?\d+/.exec(m.content)![0])] : []));
    expect(listSteps(db, id!).map((s) => s.exitCode)).toEqual([...codes, null]);
    expect(listFailures(db, id!).map((f) => [f.step, f.exceptionClass])).toEqual([
      [2, 'ValueError'],
      [8, null],
    ]);
    const rollout = getRollout(db, id!);
    expect(rollout).toMatchObject({
      agent: 'anthropic/claude-sonnet-4-5-20250929',
      submitted: raw.info.submission,
      graderVerdict: 'mini-swe-agent exit status: Submitted (not graded)',
    });
    expect(rollout.grade).toBeNull();
    db.close();
  });

  it('OpenHands evaluation output whose first line runs 88 KB before its history: steps, failures and the report as the grade', async () => {
    const file = 'o1-openhands-swe-bench-long-line.jsonl';
    const first = readFileSync(fixture(file), 'utf8').split('\n')[0]!;
    expect(first.indexOf('"history"')).toBeGreaterThan(64 * 1024);
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'openhands', rollouts: 2, steps: 7, failures: 3 });
    const [flask, requests] = ['pallets__flask-5063', 'psf__requests-2317'].map((i) =>
      getRollout(
        db,
        rolloutIds(db).find((r) => r.startsWith(`openhands:${i}@`))!,
      ),
    );
    expect(flask).toMatchObject({ grade: 'correct', graderVerdict: 'SWE-bench evaluation: resolved', steps: 3, failures: 1 });
    expect(requests).toMatchObject({ grade: 'wrong', graderVerdict: 'SWE-bench evaluation: not resolved', steps: 4, failures: 2 });
    db.close();
  });
});

describe('Inspect AI', () => {
  it('imports a JSON log: a step per tool call, each typed tool error a failure of its step', async () => {
    const file = 'u3-inspect-log_tool_call_error.json';
    expect((await chooseImporter(fixture(file), file, 'auto')).format).toBe('inspect');
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'inspect', rollouts: 1, steps: 11, failures: 11 });
    const [id] = rolloutIds(db);
    expect(id).toMatch(/^inspect:\.\.\.\/1\/epoch-4@/);
    const raw = JSON.parse(readFileSync(fixture(file), 'utf8')) as Json;
    const errors = (raw.samples[0].messages as Json[]).map((m) => m.error as Json);
    const failures = listFailures(db, id!).sort((a, b) => a.step! - b.step!);
    expect(failures.map((f) => [f.kind, f.message])).toEqual(errors.map((e) => [e.type === 'timeout' ? 'timeout' : 'crash', `${e.type}: ${e.message}`]));
    expect(failures.map((f) => f.message!.split(':')[0])).toEqual([
      'parsing',
      'timeout',
      'parsing',
      'unicode_decode',
      'permission',
      'file_not_found',
      'is_a_directory',
      'limit',
      'approval',
      'unknown',
      'output_limit',
    ]);
    expect(listSteps(db, id!)[1]).toMatchObject({ command: 'bash', timedOut: true });
    db.close();
  });

  it('imports a .eval archive entry by entry, the sample score as the grade', async () => {
    const file = 'u4-inspect-log_formats.eval';
    expect((await chooseImporter(fixture(file), file, 'auto')).format).toBe('inspect');
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'inspect', rollouts: 1, steps: 0, failures: 0 });
    const [id] = rolloutIds(db);
    expect(id).toMatch(/^inspect:popularity\/1\/epoch-1@/);
    // Checked by hand: the `match` scorer gave `I` (the model said "No", the target is "Yes").
    expect(getRollout(db, id!)).toMatchObject({ grade: 'wrong', score: 0, agent: 'ollama/llama3.1', seed: 1, taskId: 'inspect:popularity:1' });
    expect(getRollout(db, id!).taskStatement).toMatch(/^Is the following statement something you would say\?/);
    db.close();
  });
});

describe('SWE-agent and AIDE variants', () => {
  it('SWE-agent 1.x: the five tracebacks of the django run', async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture('s3-django__django-15127.traj'))).toMatchObject({ format: 'swe-agent', steps: 30, failures: 5 });
    const [id] = rolloutIds(db);
    expect(id).toMatch(/^swe-agent:django__django-15127@/);
    expect(listFailures(db, id!).map((f) => [f.step, f.exceptionClass])).toEqual([
      [7, 'django.core.exceptions.ImproperlyConfigured'],
      [9, 'django.core.exceptions.ImproperlyConfigured'],
      [22, 'RuntimeError'],
      [24, 'django.core.exceptions.ImproperlyConfigured'],
      [26, 'django.core.exceptions.ImproperlyConfigured'],
    ]);
    db.close();
  });

  it("SWE-agent's EXECUTION TIMED OUT is a time-out with the harness's message", async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture('s5-ctf-rock.traj'))).toMatchObject({ steps: 12, failures: 1 });
    const [id] = rolloutIds(db);
    expect(listSteps(db, id!)[0]).toMatchObject({ command: './rock\n', timedOut: true, exitCode: null });
    expect(listFailures(db, id!)).toMatchObject([{ step: 0, kind: 'timeout', exceptionClass: null, message: 'EXECUTION TIMED OUT' }]);
    db.close();
  });

  it('a SWE-agent file with only history: a step per action, answered by the next message', async () => {
    const file = 's6-function_calling_simple.traj';
    expect((await chooseImporter(fixture(file), file, 'auto')).format).toBe('swe-agent');
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'swe-agent', rollouts: 1, steps: 5, failures: 0 });
    const [id] = rolloutIds(db);
    const history = (JSON.parse(readFileSync(fixture(file), 'utf8')) as Json).history as Json[];
    expect(listSteps(db, id!).map((s) => s.command)).toEqual(history.filter((m) => m.action).map((m) => m.action));
    expect(stdoutOf(db, id!, 3)).toBe(history[9]!.content);
    db.close();
  });

  it('AI-Scientist-v2: four RuntimeErrors and four nodes marked buggy with no exception, their analysis the message', async () => {
    const file = 'a2-aisv2-lnp-stage4.journal.json';
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    expect(await importFile(db, fixture(file))).toMatchObject({ format: 'aide', steps: 22, programs: 22, failures: 8 });
    const [id] = rolloutIds(db);
    const nodes = (JSON.parse(readFileSync(fixture(file), 'utf8')) as Json).nodes as Json[];
    const failures = listFailures(db, id!).sort((a, b) => a.step! - b.step!);
    expect(failures.map((f) => f.step)).toEqual(nodes.flatMap((n, i) => (n.is_buggy ? [i] : [])));
    for (const f of failures) {
      const node = nodes[f.step!]!;
      if (node.exc_type) expect(f).toMatchObject({ kind: 'crash', exceptionClass: node.exc_type });
      else expect(f).toMatchObject({ kind: 'buggy', exceptionClass: null, message: node.analysis.trim() });
    }
    // A fresh corpus got the default taxonomy, so the shape mismatches are suggested a category.
    expect(failures.filter((f) => f.kind === 'crash').map((f) => f.suggestedCategory)).toEqual(['C03', 'C03', 'C03', 'C03']);
    db.close();
  });
});
