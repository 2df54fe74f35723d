/**
 * Who owns a row, and whether that owner is still alive: the one answer the model ledger
 * (`model_requests.session`), pipeline runs (`pipeline_runs.owner`) and attempts
 * (`attempts.owner`) all use.
 *
 * A session is one worker process (the app's worker, a serve process's worker, a CLI
 * command), and several may share a corpus. A row it owns carries its id,
 * `HOST:PID:START:RANDOM`, where START is the process's start time in clock ticks since
 * boot as Linux's /proc reports it (0 where there is no /proc). A row's owner is judged:
 *   - this session: alive while it runs the row's job (a run that ended left its rows behind);
 *   - another session on this host: alive while a process with that pid exists and started at
 *     that START, so a pid the system reused for another program is not mistaken for it;
 *   - another host: alive, since nothing here can tell (a corpus on a shared filesystem);
 *   - an owner in no such form (none, or a session id of an older version, which ran one
 *     worker per corpus): gone.
 * Nothing is written to say a session is alive, so a process killed with SIGKILL is judged
 * gone as soon as it is gone.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export class LiveSession {
  readonly id: string;
  /** The jobs (run jobs, pipeline runs) this session is running now. */
  readonly jobs = new Set<string>();
  private readonly host = hostname();

  constructor() {
    this.id = `${this.host}:${process.pid}:${startTicks(process.pid) ?? 0}:${randomBytes(4).toString('hex')}`;
  }

  /** Whether the owner of a row is alive; with `job`, whether it still runs that job (known only for this session). */
  isAlive(owner: string | null | undefined, job?: string | null): boolean {
    if (!owner) return false;
    if (owner === this.id) return job == null || this.jobs.has(job);
    // A host name has no colon; anchoring on that keeps a tag made only of digits from being read as the pid.
    const parsed = /^([^:]+):(\d+)(?::(\d+):[0-9a-f]+)?$/.exec(owner);
    if (!parsed) return false;
    const [, host, pidText, start] = parsed;
    if (host !== this.host) return true;
    const pid = Number(pidText);
    // Another session of this very process is one that has ended (there is one per process).
    if (pid === process.pid || !processExists(pid)) return false;
    if (start === undefined || start === '0') return true;
    const actual = startTicks(pid);
    return actual === null || String(actual) === start;
  }
}

/** This process's session, shared by every core it opens. */
export const workerSession = new LiveSession();

/** Whether a process with this pid exists (EPERM: it does, owned by another user). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/PID/stat (after the parenthesised command name, which may hold spaces); null without /proc. */
function startTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}
