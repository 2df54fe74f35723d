/**
 * The terminal output of running attempts, held outside React. A terminal joining an attempt
 * reads what it printed so far (`attempts.output` from offset 0), then follows the live
 * `attempt:output` events, whose offsets say where each chunk belongs: a chunk it already has
 * is skipped, one past a gap (events lost while the window's connection was down) makes it read
 * the stored output again from where it is. Output is never put in a store (STYLE.md, terminals).
 */
import { api, onWorkbenchEvent } from '../api/bridge';
import { reportError } from '../app-state/app-store';

interface Follower {
  chunk(data: string, offset: number): void;
  resync(): void;
}

const followers = new Map<number, Set<Follower>>();

/** Starts listening for the app's lifetime (App mounts it once); returns the unsubscribe. */
export function installAttemptOutputTap(): () => void {
  return onWorkbenchEvent((event) => {
    if (event.type === 'attempt:output') for (const follower of followers.get(event.attemptId) ?? []) follower.chunk(event.data, event.offset);
    else if (event.type === 'events:connected') for (const set of followers.values()) for (const follower of set) follower.resync();
  });
}

/**
 * What a terminal following a running attempt may lack: part of the middle of a very long
 * log, or what another process running the attempt printed before this window joined.
 */
export type MissedOutput = 'clipped' | 'elsewhere';

/**
 * Writes everything attempt `id` has printed into `write`, exactly once and in order, then
 * every new chunk as it arrives; `missed` hears of output that cannot be shown. Returns `stop`.
 */
export function followAttempt(id: number, write: (data: string) => void, missed: (what: MissedOutput) => void): () => void {
  /** The offset of the next character the terminal needs. */
  let written = 0;
  let reading = false;
  let readAgain = false;
  let stopped = false;
  /** Chunks that arrived while the stored output was being read. */
  const held: { data: string; offset: number }[] = [];

  const take = (data: string, offset: number, mayRead: boolean) => {
    if (offset > written && mayRead) {
      held.push({ data, offset });
      return resync();
    }
    if (offset > written) missed('elsewhere');
    const end = offset + data.length;
    if (end <= written) return;
    write(data.slice(Math.max(0, written - offset)));
    written = end;
  };

  const settle = (mayRead: boolean) => {
    reading = false;
    for (const chunk of held.splice(0)) take(chunk.data, chunk.offset, mayRead);
    if (readAgain) {
      readAgain = false;
      resync();
    }
  };

  function resync(): void {
    if (stopped) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    api('attempts.output', { id, from: written }).then(
      (out) => {
        if (stopped) return;
        if (out.from > written) missed('clipped');
        if (out.to > written) {
          write(out.text.slice(Math.max(0, written - out.from)));
          written = out.to;
        }
        // A gap left after reading everything there is can only be filled by nobody: another process runs the attempt.
        settle(false);
      },
      (err: unknown) => {
        if (stopped) return;
        reportError(err);
        settle(false);
      },
    );
  }

  const follower: Follower = { chunk: (data, offset) => (reading ? held.push({ data, offset }) : take(data, offset, true)), resync };
  let set = followers.get(id);
  if (!set) followers.set(id, (set = new Set()));
  set.add(follower);
  resync();
  return () => {
    stopped = true;
    set.delete(follower);
    if (set.size === 0) followers.delete(id);
  };
}
