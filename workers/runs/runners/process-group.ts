/**
 * Process groups of the programs this worker runs: each program leads its own group (a PTY
 * session), so a time cap or a cancel signals the program and every child it started. The
 * groups still alive are killed if the worker itself exits, so no program outlives its owner.
 */

/** Sends `signal` to every process of the group; false when the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The groups still alive of the programs a run service started, killed if the process exits. */
export class ProcessGroups {
  private readonly live = new Set<number>();
  // Hooked only while a group is alive, so services that come and go (a test's cores) leave no listener behind.
  private readonly killAll = () => {
    for (const group of this.live) signalGroup(group, 'SIGKILL');
  };

  /** Remembers a live group until the returned function is called. */
  track(pgid: number): () => void {
    if (this.live.size === 0) process.on('exit', this.killAll);
    this.live.add(pgid);
    return () => {
      if (this.live.delete(pgid) && this.live.size === 0) process.off('exit', this.killAll);
    };
  }
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
