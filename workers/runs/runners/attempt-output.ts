import type { AttemptOutputSoFar } from '../../../common/runs/attempt-output';
import type { Db } from '../../db/open-corpus';
import { attemptLog } from '../run-attempts';
import type { LiveAttemptLogs } from '../run-service/live-attempt-logs';

/** Attempt `id`'s output from character `from` on: from the running attempt's log, else from the stored one. */
export function attemptOutput(db: Db, liveLogs: LiveAttemptLogs, id: number, from: number): AttemptOutputSoFar {
  const running = liveLogs.get(id);
  if (running) return { attemptId: id, ...running.textFrom(from), live: true };
  const { text } = attemptLog(db, id);
  const start = Math.min(from, text.length);
  return { attemptId: id, text: text.slice(start), from: start, to: text.length, live: false };
}
