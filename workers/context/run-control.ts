/**
 * This worker process's runs as a handler sees them. The runs domain's `RunService`
 * (`workers/runs/run-service/`) implements it; it is declared here so the context, below every
 * domain, names no domain.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { AttemptOutputSoFar } from '../../common/runs/attempt-output';
import type { RunStarted } from '../../common/runs/run-types';
import type { Db } from '../db/open-corpus';
import type { HandlerContext } from './handler-context';

export interface RunControl {
  /** Whether a run by that id is live in this process. */
  isLive(jobId: string): boolean;
  /** Stops dispatching for a live run: its running attempts finish. False when there is no live run by that id. */
  stop(jobId: string): boolean;
  /** Starts a run; resolves once the backend accepted it (with `wait`, once every attempt is over). */
  start(req: ParsedRequestOf<'runs.start'>, ctx: Pick<HandlerContext, 'db' | 'dbPath' | 'emit' | 'writes' | 'jobs' | 'model'>): Promise<RunStarted>;
  /** Attempt `id`'s output from character `from` on: from its live log while it runs, else the stored one. */
  attemptOutput(db: Db, id: number, from: number): AttemptOutputSoFar;
}
