/** What Linux's /proc says about a test's child processes: the tests that kill workers need it. */
import { readFileSync } from 'node:fs';

/** The pids of `pid`'s direct children. */
export function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/**
 * Bytes a process has passed to write(2) and writev(2), which is how Node sends on a child's
 * IPC channel: a test that sees it grow by a request's size knows the request was sent.
 */
export function bytesWritten(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8').split('\n').find((l) => l.startsWith('wchar:'));
  if (!line) throw new Error(`/proc/${pid}/io has no wchar line`);
  return Number(line.split(/\s+/)[1]);
}
