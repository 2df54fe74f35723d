import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResponseOf, Result } from '../common/contract';
import { callOperation } from './api';
import { expect, test } from './fixtures';
import { rwbBin, templateCorpus } from './paths';
import { startServe } from './serve-process';

type Acked = ResponseOf<'labels.add'>;

const labels = 30;
/**
 * The labels.add request that is in flight when serve mode is killed. The page sends labels one
 * after another, so the ones before it were answered and the ones after it wait in the page.
 */
const killAt = 15;

/** A bundle with a library of more rubrics than the test labels. */
function writeRubrics(dir: string): string {
  const ids = Array.from({ length: labels + 10 }, (_, i) => `dur-${String(i + 1).padStart(4, '0')}`);
  const records = [
    ...ids.map((id, i) => ({ type: 'rubric', id, title: `Durability rubric ${i + 1}`, appliesWhen: 'always', pattern: `pattern ${i + 1}`, family: 'error' })),
    { type: 'library', id: 'durability', name: 'Durability', method: 'hand-curated', builtAt: '2026-12-01', rubrics: ids },
  ];
  const path = join(dir, 'rubrics.jsonl');
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n'));
  return path;
}

/** `rwb serve` as the leader of its own process group, so one signal reaches its worker too. */
function startGroup(dbPath: string): Promise<{ child: ChildProcess; url: string; origin: string; token: string }> {
  const child = spawn(process.execPath, [rwbBin, 'serve', '--db', dbPath, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)/);
      if (match) resolve({ child, url: match[0], origin: `http://127.0.0.1:${match[1]}`, token: match[2]! });
    });
    child.once('exit', (code) => reject(new Error(`rwb serve exited (${code}) before printing its URL:\n${output}`)));
  });
}

test('never lose a label: SIGKILL with labels in flight, and every label the UI acknowledged is in the corpus after restart', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-durability-'));
  const dbPath = join(dir, 'corpus.db');
  copyFileSync(templateCorpus(), dbPath);
  execFileSync(process.execPath, [rwbBin, 'import', writeRubrics(dir), '--db', dbPath, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const serve = await startGroup(dbPath);
  const exited = new Promise((resolve) => serve.child.once('exit', (code, signal) => resolve(signal ?? code)));
  try {
    await callOperation(request, serve, 'settings.set', { annotator: 'eve' });

    // What the backend acknowledged to the page: every labels.add answered with a stored label.
    const acked: Acked[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/labels.add')) return;
      const body = (await response.json().catch(() => null)) as Result<Acked> | null;
      if (body?.ok) acked.push(body.value);
    });
    // The killAt-th save waits until every key is pressed, goes to the server, and the server dies under it.
    let allPressed!: () => void;
    const pressed = new Promise<void>((resolve) => (allPressed = resolve));
    let sends = 0;
    await page.route('**/api/labels.add', async (route) => {
      sends += 1;
      if (sends !== killAt) return route.continue();
      await pressed;
      await route.continue();
      process.kill(-serve.child.pid!, 'SIGKILL');
    });
    await page.goto(`${serve.url}#/labels?schema=category&library=durability`);
    await expect(page.getByTestId('queue-item')).toHaveAttribute('data-target-id', 'dur-0001');

    // Number keys 3–9 pick C03–C09 at once; each label moves the queue on without waiting for its save.
    for (let n = 0; n < labels; n++) await page.keyboard.press(String(3 + (n % 7)));
    await expect(page.getByTestId('progress-mine')).toContainText(`${labels} /`);
    allPressed();
    expect(await exited).toBe('SIGKILL');

    // The save in flight failed and is being sent again; nothing after it was lost or dropped from the page.
    const progress = page.getByTestId('queue-progress');
    await expect(page.getByTestId('queue-unsaved')).toContainText('sending again');
    await expect(page.getByTestId('error-banner')).toBeVisible();
    expect(acked.length).toBeGreaterThanOrEqual(killAt - 1);
    expect(acked.length).toBeLessThanOrEqual(killAt);
    // The page counted as saved exactly the labels the backend acknowledged, and holds the rest.
    await expect(progress).toHaveAttribute('data-saved', String(acked.length));
    await expect(progress).toHaveAttribute('data-unsaved', String(labels - acked.length));

    const restarted = await startServe(dbPath);
    try {
      const history = await callOperation(request, restarted, 'labels.history', { annotator: 'eve', limit: 100_000 });
      const stored = new Set(history.labels.map((l) => `${l.target.id} ${l.at} ${l.value}`));
      const lost = acked.filter((l) => !stored.has(`${l.target.id} ${l.at} ${l.value}`));
      expect(lost, `${lost.length} acknowledged labels are missing after the restart`).toEqual([]);
      // Each label was committed alone, in key order, one per item; none was acknowledged and then lost,
      // and at most the one being written at the kill landed without its answer reaching the page.
      expect(history.labels.length).toBeGreaterThanOrEqual(acked.length);
      expect(history.labels.length).toBeLessThanOrEqual(killAt);
      history.labels.forEach((l, i) => expect([l.target.id, l.value]).toEqual([`dur-${String(i + 1).padStart(4, '0')}`, `C0${3 + (i % 7)}`]));
    } finally {
      await restarted.stop();
    }
  } finally {
    if (serve.child.exitCode === null && serve.child.signalCode === null) process.kill(-serve.child.pid!, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
