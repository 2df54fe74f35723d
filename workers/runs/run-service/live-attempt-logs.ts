/**
 * The logs of the attempts this process is running, by attempt id, so a terminal that opens
 * while an attempt runs can read everything it printed so far (`attempts.output`) before it
 * follows the live `attempt:output` events. A run adds a log when its attempt first prints and
 * removes it in the same write that stores the finished log, so a reader finds one or the other.
 */
import type { AttemptLog } from '../runners/attempt-log';

export class LiveAttemptLogs {
  private readonly live = new Map<number, AttemptLog>();

  track(attemptId: number, log: AttemptLog): void {
    this.live.set(attemptId, log);
  }

  forget(attemptId: number): void {
    this.live.delete(attemptId);
  }

  get(attemptId: number): AttemptLog | undefined {
    return this.live.get(attemptId);
  }
}
