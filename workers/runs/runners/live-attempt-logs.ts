/**
 * The logs of the attempts this process is running, by attempt id, so a terminal that opens
 * while an attempt runs can read everything it printed so far (`attempts.output`) before it
 * follows the live `attempt:output` events. A run adds a log when its attempt first prints and
 * removes it in the same write that stores the finished log, so a reader finds one or the other.
 */
import type { AttemptLog } from './attempt-log';

const live = new Map<number, AttemptLog>();

export function trackLiveLog(attemptId: number, log: AttemptLog): void {
  live.set(attemptId, log);
}

export function forgetLiveLog(attemptId: number): void {
  live.delete(attemptId);
}

export function liveLog(attemptId: number): AttemptLog | undefined {
  return live.get(attemptId);
}
