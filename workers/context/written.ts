import type { HandlerContext } from './handler-context';

/** A write under the write lock; the lock announces the tables it changed to every window. */
export function written<T>(ctx: Pick<HandlerContext, 'writes'>, work: () => T): Promise<T> {
  return ctx.writes.run(async () => work());
}
