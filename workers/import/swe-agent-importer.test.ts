import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { getRollout, listFailures, listSteps } from '../corpus/rollout-queries';
import { useTempDir } from '../test-support/temp-dir';
import { importFile } from './import-file';
import { chooseImporter } from './registry';
import { tableCounts } from '../test-support/table-counts';
import { writeVariant } from '../test-support/write-bundle';
import { oneRow } from '../db/one-row';

const fixture = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/real/swe-agent/sweagenttestrepo-1c2844.traj');
const fileName = 'sweagenttestrepo-1c2844.traj';
const tempDir = useTempDir();

interface RawEntry {
  action: string;
  observation: string;
  execution_time?: number;
  state: unknown;
  [key: string]: unknown;
}
interface RawTrajectory {
  trajectory: RawEntry[];
  history: Record<string, unknown>[];
  info: { submission: string; exit_status: string; model_stats: Record<string, number> };
  replay_config?: unknown;
  [key: string]: unknown;
}

const rawText = readFileSync(fixture, 'utf8');
const raw = (): RawTrajectory => JSON.parse(rawText) as RawTrajectory;

function variant(dir: string, text: string, name = fileName): string {
  return writeVariant(dir, text, name);
}

/** The real trajectory rewritten the way SWE-agent 0.x saved it: state as a JSON string, no execution_time, message_type or replay_config. */
function olderSchema(): RawTrajectory {
  const traj = raw();
  for (const entry of traj.trajectory) {
    entry.state = JSON.stringify(entry.state);
    delete entry.execution_time;
  }
  for (const message of traj.history) delete message.message_type;
  delete traj.replay_config;
  return traj;
}

/** The id of the rollout imported from a file named `<stem>.traj`, or of the instance `stem`: its name and its content's hash. */
function rolloutNamed(db: Db, stem: string): string {
  const ids = db
    .prepare<unknown[], string>("SELECT id FROM rollouts WHERE id LIKE ? ESCAPE '\\'")
    .pluck()
    .all(`swe-agent:${stem.replaceAll('_', '\\_')}@%`);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

function rolloutExtra(db: Db, id: string): Record<string, unknown> {
  return JSON.parse(oneRow(db.prepare<unknown[], string>('SELECT extra FROM rollouts WHERE id = ?').pluck().get(id))) as Record<string, unknown>;
}

function stepExtras(db: Db, id: string): Record<string, unknown>[] {
  return db
    .prepare<unknown[], string>('SELECT extra FROM steps WHERE rollout_id = ? ORDER BY idx')
    .pluck()
    .all(id)
    .map((e) => JSON.parse(e) as Record<string, unknown>);
}

describe('SWE-agent trajectory import (real file)', () => {
  it('imports one rollout with a step per trajectory entry, the submission and the exit status', async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    const traj = raw();
    const result = await importFile(db, fixture);
    expect(result).toMatchObject({ format: 'swe-agent', rollouts: 1, steps: 5, programs: 0, failures: 0, duplicates: 0 });
    const rolloutId = rolloutNamed(db, 'SWE-agent__test-repo-i1');

    const steps = listSteps(db, rolloutId);
    expect(steps.map((s) => s.command)).toEqual(traj.trajectory.map((e) => e.action));
    expect(steps.map((s) => s.command)).toEqual([
      'find_file missing_colon.py',
      'open "/SWE-agent__test-repo/tests/missing_colon.py"',
      "edit 'def division(a: float, b: float) -> float' 'def division(a: float, b: float) -> float:' False",
      'python3 /SWE-agent__test-repo/tests/missing_colon.py',
      'submit',
    ]);
    expect(steps.map((s) => s.durationMs)).toEqual(traj.trajectory.map((e) => Math.round(e.execution_time! * 1000)));
    expect(steps.every((s) => s.exitCode === null && s.parent === null && !s.timedOut)).toBe(true);
    const stdout = db.prepare('SELECT body FROM texts WHERE hash = (SELECT stdout_hash FROM steps WHERE rollout_id = ? AND idx = 3)').pluck().get(rolloutId);
    expect(stdout).toBe('8.2');

    const rollout = getRollout(db, rolloutId);
    expect(rollout).toMatchObject({ taskId: 'swe-agent:SWE-agent__test-repo-i1', agent: 'gpt-4o', submitted: traj.info.submission });
    expect(rollout.submitted).toContain('+def division(a: float, b: float) -> float:');
    const extra = rolloutExtra(db, rolloutId);
    expect(extra.info).toMatchObject({
      exit_status: 'submitted',
      model_stats: { instance_cost: 0.019520000000000006, tokens_sent: 7141, tokens_received: 243, api_calls: 5 },
    });
    expect(Object.keys(extra.info as object)).not.toContain('submission');
    expect(extra).toMatchObject({ environment: 'main', replay_config: { problem_statement: { id: 'SWE-agent__test-repo-i1' } } });
    expect(extra.history).toHaveLength(10);

    expect(stepExtras(db, rolloutId)[1]).toEqual({
      response: traj.trajectory[1]!.response,
      thought: traj.trajectory[1]!.thought,
      state: { open_file: '/SWE-agent__test-repo/tests/missing_colon.py', working_dir: '/SWE-agent__test-repo' },
    });
    expect(db.prepare('SELECT id, discipline, role FROM benchmarks').all()).toEqual([{ id: 'swe-agent', discipline: 'swe', role: 'mining' }]);
    expect(db.prepare('SELECT id, statement FROM tasks').all()).toEqual([
      { id: 'swe-agent:SWE-agent__test-repo-i1', statement: 'GitHub issue https://github.com/SWE-agent/test-repo/issues/1' },
    ]);
    expect(db.prepare('SELECT collection_id FROM rollouts').pluck().all()).toEqual(['swe-agent-import']);
    db.close();
  });

  it('is idempotent: a second import reports duplicates and changes nothing', async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    await importFile(db, fixture);
    const before = tableCounts(db);
    // benchmark, task, collection, rollout and 5 steps
    expect(await importFile(db, fixture)).toMatchObject({ rollouts: 0, steps: 0, duplicates: 9 });
    expect({ ...tableCounts(db), imports: 0 }).toEqual({ ...before, imports: 0 });
    db.close();
  });

  it('is picked by auto-detection, also when compact', async () => {
    expect((await chooseImporter(fixture, fileName, 'auto')).format).toBe('swe-agent');
    const compact = variant(tempDir(), JSON.stringify(raw()));
    expect((await chooseImporter(compact, fileName, 'auto')).format).toBe('swe-agent');
  });
});

describe('SWE-agent trajectory import (variants built from the real file)', () => {
  it('reads the older schema: state as a JSON string, no execution_time, message_type or replay_config', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    await importFile(db, fixture);
    const current = stepExtras(db, rolloutNamed(db, 'SWE-agent__test-repo-i1'));
    const older = variant(dir, JSON.stringify(olderSchema(), null, 2), 'older.traj');
    expect((await chooseImporter(older, 'older.traj', 'auto')).format).toBe('swe-agent');
    expect(await importFile(db, older)).toMatchObject({ format: 'swe-agent', rollouts: 1, steps: 5, failures: 0 });

    // The state is stored parsed, so both schemas give the same step extras.
    const olderId = rolloutNamed(db, 'older');
    expect(stepExtras(db, olderId)).toEqual(current);
    expect(listSteps(db, olderId).map((s) => s.durationMs)).toEqual([null, null, null, null, null]);
    expect(getRollout(db, olderId)).toMatchObject({ taskId: 'swe-agent:older', agent: 'swe-agent', submitted: raw().info.submission });
    expect(rolloutExtra(db, olderId)).not.toHaveProperty('replay_config');
    expect(db.prepare('SELECT statement FROM tasks WHERE id = ?').pluck().get('swe-agent:older')).toMatch(/does not record the problem statement/);
    db.close();
  });

  it('reads a replay_config written as a JSON string', async () => {
    const dir = tempDir();
    const traj = raw();
    traj.replay_config = JSON.stringify(traj.replay_config);
    const db = openCorpus(join(dir, 'corpus.db'));
    await importFile(db, variant(dir, JSON.stringify(traj)));
    const rolloutId = rolloutNamed(db, 'SWE-agent__test-repo-i1');
    expect(getRollout(db, rolloutId)).toMatchObject({ taskId: 'swe-agent:SWE-agent__test-repo-i1', agent: 'gpt-4o' });
    expect(rolloutExtra(db, rolloutId).replay_config).toEqual(raw().replay_config);
    db.close();
  });

  it('derives failures from the observations: a traceback, and a command SWE-agent cancelled', async () => {
    const dir = tempDir();
    const traj = olderSchema();
    traj.trajectory[3]!.observation = [
      'Traceback (most recent call last):',
      '  File "/SWE-agent__test-repo/tests/missing_colon.py", line 9, in <module>',
      '    print(division(123, 0))',
      '  File "/SWE-agent__test-repo/tests/missing_colon.py", line 5, in division',
      '    return a/b',
      'ZeroDivisionError: division by zero',
    ].join('\r\n');
    traj.trajectory[0]!.observation =
      "The command 'find_file missing_colon.py' was cancelled because it took more than 30 seconds. Please try a different command that completes more quickly.";
    const db = openCorpus(join(dir, 'corpus.db'));
    expect(await importFile(db, variant(dir, JSON.stringify(traj)))).toMatchObject({ steps: 5, failures: 2 });
    expect(listFailures(db, rolloutNamed(db, fileName.replace('.traj', ''))).map((f) => [f.step, f.kind, f.exceptionClass, f.message])).toEqual([
      [0, 'timeout', null, traj.trajectory[0]!.observation],
      [3, 'crash', 'ZeroDivisionError', 'division by zero'],
    ]);
    db.close();
  });

  const refusals: [string, (text: string) => string, RegExp][] = [
    ['truncated', (text) => text.slice(0, Math.floor(text.length / 2)), /^sweagenttestrepo-1c2844\.traj:\d+: not valid JSON/],
    [
      'an entry whose action is not text',
      (text) => {
        const traj = JSON.parse(text) as RawTrajectory;
        (traj.trajectory[2] as Record<string, unknown>).action = 7;
        return JSON.stringify(traj, null, 2);
      },
      // JSON.stringify(…, 2) puts each entry's opening brace alone on a line indented by four spaces (line 26 here).
      new RegExp(`^sweagenttestrepo-1c2844\\.traj:${entryStartLine(2)} field "trajectory\\.2\\.action": `),
    ],
    [
      'missing info',
      (text) => {
        const traj = JSON.parse(text) as RawTrajectory;
        delete (traj as Partial<RawTrajectory>).info;
        return JSON.stringify(traj);
      },
      /:1 field "info": /,
    ],
  ];

  for (const [name, corrupt, message] of refusals) {
    it(`refuses a trajectory that is ${name}, naming the file, and writes nothing`, async () => {
      const dir = tempDir();
      const db = openCorpus(join(dir, 'corpus.db'));
      await importFile(db, variant(dir, JSON.stringify(olderSchema()), 'other.traj'));
      const before = tableCounts(db);
      await expect(importFile(db, variant(dir, corrupt(rawText)))).rejects.toThrow(message);
      expect(tableCounts(db)).toEqual(before);
      expect(db.inTransaction).toBe(false);
      db.close();
    });
  }
});

function entryStartLine(index: number): number {
  const lines = JSON.stringify(raw(), null, 2).split('\n');
  return lines.map((l, i) => [l, i + 1] as const).filter(([l]) => l === '    {')[index]![1];
}
