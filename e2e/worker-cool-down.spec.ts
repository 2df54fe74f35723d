import { childPids } from '../workers/test-support/process-info';
import { expect, test } from './fixtures';

/** The worker `rwb serve` runs now, once it has one. */
async function nextWorker(servePid: number, not: number[]): Promise<number> {
  let pid = 0;
  await expect
    .poll(() => {
      pid = childPids(servePid).find((p) => !not.includes(p)) ?? 0;
      return pid;
    })
    .toBeGreaterThan(0);
  return pid;
}

test('a worker killed four times within a minute is started again after the cool-down, and the status bar says when', async ({ page, workbench }) => {
  // Five workers start and a 30 s cool-down passes: on a loaded 2-core machine that outlasts the default.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await workbench.open();
  const servePid = workbench.child.pid!;
  const killed: number[] = [];
  for (let crash = 1; crash <= 4; crash++) {
    const pid = await nextWorker(servePid, killed);
    // A crash counts once the worker had opened the corpus: wait for it to answer.
    await expect.poll(async () => (await workbench.call('app.info', {})).shell).toBe('serve');
    process.kill(pid, 'SIGKILL');
    killed.push(pid);
  }
  const down = page.getByTestId('worker-down');
  await expect(down).toContainText('crashed 4 times within a minute (last: SIGKILL)');
  await expect(down).toContainText('it starts again at');
  await page.screenshot({ path: test.info().outputPath('worker-down.png') });
  const refused = await page.request.post(`${workbench.origin}/api/corpus.stats`, { data: {}, headers: { 'x-rwb-token': workbench.token } });
  expect(refused.status()).toBe(503);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/crashed 4 times within 60 s; it starts again in \d+ s/);

  await expect(page.getByTestId('worker-restarted')).toContainText('SIGKILL', { timeout: 60_000 });
  expect((await workbench.call('corpus.stats', {})).rollouts).toBeGreaterThan(0);
  expect(workbench.child.exitCode).toBeNull();
});
