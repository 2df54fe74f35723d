import { bytesWritten, childPids } from '../workers/test-support/process-info';
import { expect, test } from './fixtures';

/** The worker process `rwb serve` forked: its only child. */
function workerPid(servePid: number): number {
  const children = childPids(servePid);
  expect(children, 'rwb serve has one child, its worker').toHaveLength(1);
  return children[0]!;
}

test('killing the worker mid-request fails that request only, restarts the worker and says so in the window', async ({ page, request, workbench }) => {
  // Two processes start and the worker starts twice: on a loaded 2-core machine that outlasts the default.
  test.slow();
  await workbench.open();
  const servePid = workbench.child.pid!;
  const first = workerPid(servePid);
  const headers = { 'x-rwb-token': workbench.token };

  // Stopped, the worker cannot answer, so the request is certainly in flight when it is killed.
  process.kill(first, 'SIGSTOP');
  const query = 'a'.repeat(90_000);
  const before = bytesWritten(servePid);
  const inFlight = request.post(`${workbench.origin}/api/search.query`, { data: { query }, headers });
  // The server has handed the request to the worker once it has written the query to the channel.
  await expect.poll(() => bytesWritten(servePid) - before).toBeGreaterThanOrEqual(query.length);
  process.kill(first, 'SIGKILL');

  const response = await inFlight;
  expect(response.status()).toBe(503);
  const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe('unavailable');
  expect(body.error.message).toContain('SIGKILL');

  await expect(page.getByTestId('worker-restarted')).toContainText('SIGKILL');
  const stats = await workbench.call('corpus.stats', {});
  expect(stats.rollouts).toBeGreaterThan(0);
  const hits = await workbench.call('search.query', { query: 'Traceback' });
  expect(hits.hits.length).toBeGreaterThan(0);
  expect(workerPid(servePid)).not.toBe(first);
  expect(workbench.child.exitCode).toBeNull();
  expect(workbench.child.signalCode).toBeNull();
});
