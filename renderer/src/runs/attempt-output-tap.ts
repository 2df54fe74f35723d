/**
 * The terminal output of running attempts, held outside React. One app-wide subscription to
 * `attempt:output` keeps what each running attempt has printed since this window connected,
 * so a terminal opened a moment after the run started (the Rerun button navigates first)
 * still shows the first lines; a finished attempt's buffer is dropped, its whole log being in
 * the corpus by then (`attempts.log`). Output is never put in a store (STYLE.md, terminals).
 */
import { onWorkbenchEvent } from '../api/bridge';
import { isFinished } from './attempt-status';

/**
 * Per attempt, at most this much recent output is kept (a Slurm array may run a hundred at
 * once); a terminal joining later shows the tail and says so.
 */
const maxBufferedChars = 1024 * 1024;

interface Buffer {
  chunks: string[];
  chars: number;
  /** Whether older output was dropped to stay under the cap. */
  clipped: boolean;
}

const buffers = new Map<number, Buffer>();
const followers = new Map<number, Set<(data: string) => void>>();
let listeningSince: number | null = null;

function append(attemptId: number, data: string): void {
  let buffer = buffers.get(attemptId);
  if (!buffer) buffers.set(attemptId, (buffer = { chunks: [], chars: 0, clipped: false }));
  buffer.chunks.push(data);
  buffer.chars += data.length;
  while (buffer.chars > maxBufferedChars && buffer.chunks.length > 1) {
    buffer.chars -= buffer.chunks.shift()!.length;
    buffer.clipped = true;
  }
  for (const follower of followers.get(attemptId) ?? []) follower(data);
}

/** Starts listening for the app's lifetime (App mounts it once); returns the unsubscribe. */
export function installAttemptOutputTap(): () => void {
  listeningSince = Date.now();
  const unsubscribe = onWorkbenchEvent((event) => {
    if (event.type === 'attempt:output') append(event.attemptId, event.data);
    else if (event.type === 'attempt:status' && isFinished(event.attempt.status)) buffers.delete(event.attempt.id);
  });
  return () => {
    unsubscribe();
    listeningSince = null;
    buffers.clear();
  };
}

/** What a terminal joining a running attempt should say it may be missing. */
export type MissedOutput = 'none' | 'before-connect' | 'clipped';

/**
 * Replays what attempt `id` has printed so far into `write`, then every new chunk as it
 * arrives. `startedAt` (the attempt's start) tells whether output came before this window
 * listened. Returns what the replay may lack, and `stop` to unsubscribe.
 */
export function followAttempt(id: number, startedAt: string | null, write: (data: string) => void): { missed: MissedOutput; stop: () => void } {
  const buffer = buffers.get(id);
  const missed: MissedOutput = buffer?.clipped
    ? 'clipped'
    : listeningSince === null || (startedAt !== null && Date.parse(startedAt) < listeningSince)
      ? 'before-connect'
      : 'none';
  for (const chunk of buffer?.chunks ?? []) write(chunk);
  let set = followers.get(id);
  if (!set) followers.set(id, (set = new Set()));
  set.add(write);
  return {
    missed,
    stop: () => {
      set.delete(write);
      if (set.size === 0) followers.delete(id);
    },
  };
}
