import { reconcileRuns } from '../pipeline/run-store';
import { reconcileOrphans } from '../runs/run-attempts';
import type { HandlerContext } from '../context/handler-context';

/** How often a running worker looks for rows whose owner died (another process killed, a run of its own that ended badly). */
export const reconcileEveryMs = 10_000;

/**
 * Records what dead owners left behind: attempts they left running become `unknown`, pipeline
 * runs `interrupted`. A write, so it runs at a core's start and then as a background job,
 * never inside a read.
 */
export function reconcileOwners(ctx: Pick<HandlerContext, 'db' | 'session'>): void {
  ctx.db.transaction(() => {
    reconcileOrphans(ctx.db, ctx.session);
    reconcileRuns(ctx.db);
  })();
}
