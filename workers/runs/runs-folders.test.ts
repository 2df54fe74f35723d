import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rwbEntry } from '../test-support/rwb-entry';
import { runCorpus, type TestCore } from './runners/test-support/run-corpus';

describe("the attempts' folders", () => {
  let t: TestCore;
  let dir: string;
  let dataDir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-runs-folders-'));
    t = await runCorpus(dir);
    // A large data file, linked into every attempt's folder: the runs folder does not hold it.
    dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'big.bin'), Buffer.alloc(3_000_000));
  });
  afterAll(() => {
    t.core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says how much disk they use, and prunes finished ones while their records and logs stay', async () => {
    const writes = `head -c 200000 /dev/zero > out.bin; echo wrote; echo '{"score": 1}' > score.json`;
    const c = await t.core.invoke('cases.create', { task: 'task-a', program: { path: 'p.sh', content: '' }, command: writes, timeoutS: 60, dataDir });
    const keep = await t.core.invoke('experiments.create', { name: 'keep', arms: ['original'], repeats: 1, cases: [c.id] });
    const prune = await t.core.invoke('experiments.create', { name: 'prune', arms: ['original'], repeats: 2, cases: [c.id] });
    for (const exp of [keep, prune]) await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', diskReserveGb: 0, wait: true });
    const root = `${t.dbPath}.runs`;
    // Something in the runs folder no attempt owns is counted, never removed.
    writeFileSync(join(root, 'notes.txt'), 'x'.repeat(1000));

    const use = await t.core.invoke('runs.diskUse', {});
    expect(use.root).toBe(root);
    expect(use.finished.folders).toBe(3);
    expect(use.finished.bytes).toBeGreaterThan(3 * 200_000);
    expect(use.finished.bytes).toBeLessThan(3_000_000);
    expect(use.bytes).toBeGreaterThanOrEqual(use.finished.bytes + 1000);

    const pruneRows = (await t.core.invoke('experiments.get', { id: prune.id })).attempts;
    const dry = await t.core.invoke('runs.prune', { experiment: prune.id, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, folders: 2, attempts: pruneRows.map((a) => a.id).sort((a, b) => a - b) });
    expect(pruneRows.every((a) => existsSync(a.workDir!))).toBe(true);

    const done = await t.core.invoke('runs.prune', { experiment: prune.id });
    expect(done).toEqual({ ...dry, dryRun: false });
    expect(pruneRows.some((a) => existsSync(a.workDir!))).toBe(false);
    const after = await t.core.invoke('experiments.get', { id: prune.id });
    expect(after.attempts.map((a) => [a.id, a.status, a.score])).toEqual(pruneRows.map((a) => [a.id, 'succeeded', 1]));
    for (const a of pruneRows) expect((await t.core.invoke('attempts.log', { id: a.id })).text).toContain('wrote');
    expect(existsSync(join(dataDir, 'big.bin'))).toBe(true);
    expect(readdirSync(root)).toContain('notes.txt');

    const rest = await t.core.invoke('runs.diskUse', {});
    expect(rest.finished).toEqual({ folders: 1, bytes: use.finished.bytes - done.bytes });
  });

  it('is what `rwb runs disk` and `rwb runs prune` print, refusing options that do not go together', () => {
    const rwb = (...args: string[]) => spawnSync(process.execPath, [rwbEntry(), 'runs', ...args, '--db', t.dbPath], { encoding: 'utf8' });
    t.core.close();
    const disk = rwb('disk');
    expect(disk.stderr).toBe('');
    expect(disk.stdout).toMatch(/finished attempts’ folders +1 \([\d.]+ MB; rwb runs prune removes them\)/);
    const pruned = rwb('prune', '--json');
    expect(JSON.parse(pruned.stdout)).toMatchObject({ dryRun: false, folders: 1 });
    const wrong = rwb('prune', '--kind', 'mine');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^rwb: runs prune takes no --kind or --run/);
  });
});
