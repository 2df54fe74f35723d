/** What Linux's /proc says about a test's child processes: the tests that kill workers need it. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The pids of `pid`'s direct children. */
export function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/**
 * Bytes a process has passed to write(2) and writev(2), which is how Node sends on a child's
 * IPC channel: a test that sees it grow by a request's size knows the request was sent.
 */
export function bytesWritten(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('wchar:'));
  if (!line) throw new Error(`/proc/${pid}/io has no wchar line`);
  return Number(line.split(/\s+/)[1]);
}

/** Bytes a process has passed to read(2) and friends, sockets included: a test that sees it grow by what it sent knows the bodies were read. */
export function bytesRead(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('rchar:'));
  if (!line) throw new Error(`/proc/${pid}/io has no rchar line`);
  return Number(line.split(/\s+/)[1]);
}

/** How many sockets a process holds open (listening, connected and IPC alike). */
export function openSockets(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      // The descriptor closed between listing and reading it.
      return false;
    }
  }).length;
}
