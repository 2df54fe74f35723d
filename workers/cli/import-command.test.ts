/** `rwb import` and `rwb failures` through the real CLI, in child processes. */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { rwbEntry } from '../test-support/rwb-entry';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const tempDir = useTempDir();

async function rwb(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [rwbEntry(), ...args], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('rwb import and rwb failures', () => {
  it('lists the formats, leaves no corpus behind a refused import, and prints each failure with its program line', { timeout: 600_000 }, async () => {
    const dir = tempDir();
    const listed = await rwb('import', '--format');
    expect(listed.code).toBe(0);
    for (const format of ['auto', 'bundle', 'aide', 'swe-agent', 'openhands', 'mini-swe-agent', 'inspect'])
      expect(listed.stdout).toMatch(new RegExp(`^${format} `, 'm'));

    const db = join(dir, 'new.db');
    const notARun = join(dir, 'notes.txt');
    writeFileSync(notARun, 'password=hunter2\n');
    const refused = await rwb('import', notARun, '--db', db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('notes.txt: format not recognised: text that is not JSON');
    expect(refused.stderr).not.toContain('hunter2');
    expect(['', '-wal', '-shm'].some((suffix) => existsSync(db + suffix))).toBe(false);

    const journal = join(root, 'fixtures/agents/a2-aisv2-lnp-stage4.journal.json');
    expect((await rwb('import', journal, '--db', db)).code).toBe(0);
    const id = JSON.parse((await rwb('search', 'RuntimeError', '--db', db, '--json')).stdout)[0].rollout as string;
    const failures = await rwb('failures', '--rollout', id, '--db', db, '--json');
    const events = JSON.parse(failures.stdout) as { step: number; kind: string; program: string | null; message: string }[];
    // Checked by hand: the innermost runfile.py frame of each node's exc_stack.
    expect(events.filter((e) => e.kind === 'crash').map((e) => e.program)).toEqual(['runfile.py:38', 'runfile.py:38', 'runfile.py:50', 'runfile.py:38']);
    expect(events.filter((e) => e.kind === 'buggy')).toHaveLength(4);

    const crash = events.find((e) => e.kind === 'crash')!;
    const oneStep = JSON.parse((await rwb('failures', '--rollout', id, '--step', String(crash.step), '--db', db, '--json')).stdout) as { step: number }[];
    expect(oneStep.length).toBeGreaterThan(0);
    expect(oneStep.every((e) => e.step === crash.step)).toBe(true);
    const text = await rwb('failures', '--rollout', id, '--step', String(crash.step), '--db', db);
    expect(text.stdout).toMatch(new RegExp(`^step ${crash.step} · exit `));
    const noStep = await rwb('failures', '--rollout', id, '--step', '99999', '--db', db);
    expect(noStep.code).toBe(1);
    expect(noStep.stderr).toContain('has no step 99999');

    const unknown = await rwb('failures', '--rollout', 'aide:no-such-run', '--db', db);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('rollout "aide:no-such-run" is not in this corpus');
  });
});
