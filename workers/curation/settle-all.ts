/**
 * Awaits every promise, then rethrows the first rejection in input order. Unlike
 * `Promise.all`, nothing is still running when it rejects: a stopped run never leaves a
 * model call writing to the ledger after it reported its end.
 */
export async function settleAll<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
