/**
 * A loop that runs on the worker's one thread for seconds (an import writing thousands of
 * buffered records) must let the event loop take other messages between its steps: the
 * health check, a cancel, a read. `eventLoopTurns(sliceMs)` gives a function to call at each
 * step; once `sliceMs` have passed since the last turn it returns a promise that settles
 * after the event loop has handled pending I/O (setImmediate), otherwise undefined, so a
 * step costs no more than a clock read.
 */
export function eventLoopTurns(sliceMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
