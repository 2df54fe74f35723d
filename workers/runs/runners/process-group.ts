/**
 * Process groups of the programs this worker runs: each program leads its own group (a PTY
 * session), so a time cap or a cancel signals the program and every child it started. The
 * groups still alive are killed if the worker itself exits, so no program outlives its owner.
 */
const live = new Set<number>();
let hooked = false;

/** Sends `signal` to every process of the group; false when the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remembers a live group until the returned function is called. */
export function trackGroup(pgid: number): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const group of live) signalGroup(group, 'SIGKILL');
    });
  }
  live.add(pgid);
  return () => live.delete(pgid);
}

/** SIGTERM to the group, then SIGKILL after `graceMs` unless `ended` resolved first. */
export async function stopGroup(pgid: number, graceMs: number, ended: Promise<unknown>): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return;
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'grace'>((resolve) => {
    timer = setTimeout(() => resolve('grace'), graceMs);
  });
  const first = await Promise.race([ended.then(() => 'ended' as const), grace]);
  clearTimeout(timer);
  if (first === 'grace') signalGroup(pgid, 'SIGKILL');
}
