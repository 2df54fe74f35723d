/**
 * The pipeline commands through `rwb` itself, against the fake Messages API: a Quota library
 * curated, judged, replayed offline into a file that matches `rwb export`, and a held-out
 * build that fails with a non-zero exit naming its rubrics and tasks.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testKey } from '../model/test-support/model-test-kit';
import { usePipelineKit } from '../pipeline/test-support/pipeline-kit';
import { rwbEntry } from '../test-support/rwb-entry';

const run = promisify(execFile);

describe('rwb pipeline commands', () => {
  const kit = usePipelineKit();

  /** Runs rwb on the test's corpus, asynchronously so the fake server in this process keeps answering. */
  async function rwb(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, ANTHROPIC_API_KEY: testKey, ANTHROPIC_BASE_URL: kit.server.url, RWB_MODEL_MODE: 'live' };
    try {
      const { stdout, stderr } = await run(process.execPath, [rwbEntry(), ...args, '--db', kit.dbPath], { env, maxBuffer: 64 * 1024 * 1024 });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('curates, judges, replays offline to the exported bytes, and fails a held-out build by name', { timeout: 300_000 }, async () => {
    const curated = await rwb('curate', '--method', 'quota', '--size', '12', '--collection', 'pool', '--json');
    expect(curated.code).toBe(0);
    const quota = JSON.parse(curated.stdout) as { id: string; status: string; library: string; report: { rubrics: string[] } };
    expect(quota).toMatchObject({ status: 'done', library: expect.stringMatching(/^quota-/) });

    const judged = await rwb('judge', '--library', quota.library, '--rollout', 'r-0003', '--step', '4');
    expect(judged.code).toBe(0);
    expect(judged.stdout).toMatch(/rubric\s+verdict\s+predicted exception/);

    const heldOut = await rwb('mine', '--rollout', 'r-0110', '--rollout', 'r-0101');
    expect(heldOut.code).toBe(1);
    expect(heldOut.stderr).toMatch(
      /fails its build: \d+ rubric\(s\) fed by a held-out benchmark: rubric rb-[0-9a-f]+ ".+" from task spaceship-titanic \(held-out benchmark mle-bench, rollout r-0110\)/,
    );

    await kit.server.stop();
    const out = join(kit.dbPath, '..', 'replayed.jsonl');
    const replayed = await rwb('replay', '--run', quota.id, '--out', out);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain(`library ${quota.library}, ${quota.report.rubrics.length + 1} records: identical`);
    const exported = new Set((await rwb('export')).stdout.split('\n'));
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(quota.report.rubrics.length + 1);
    for (const line of lines) expect(exported.has(line)).toBe(true);
  });
});
