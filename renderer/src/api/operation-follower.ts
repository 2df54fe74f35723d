/** The part of `useOperation` that is not React: one request fetched, fetched again on demand, stale answers dropped. */
import { toErrorData, type ApiErrorData } from '../../../common/errors';
import { latestRequest } from './latest-request';

/** What a view shows of one request. */
export interface OperationSnapshot<T> {
  data: T | null;
  error: ApiErrorData | null;
  /** A fetch is in flight (the first, or a refetch while the last answer stays shown). */
  loading: boolean;
}

/** Controls one followed request. */
export interface OperationFollower<T> {
  refetch(): void;
  /** Shows `data` as the answer (e.g. what a write returned), overtaking any fetch in flight. */
  replace(data: T): void;
  /** Stops following: later answers are dropped and the subscription ends. */
  stop(): void;
}

/**
 * Fetches once at once and again on each `refetch` (which `subscribe` may call, e.g. on a write
 * to the tables the view shows). Only the newest fetch's answer is shown, so a slow answer never
 * overwrites a newer one; an error keeps the last data, so a failed refetch does not blank a view.
 */
export function followOperation<T>(
  fetch: () => Promise<T>,
  subscribe: ((refetch: () => void) => () => void) | null,
  update: (snapshot: OperationSnapshot<T>, fetched: boolean) => void,
): OperationFollower<T> {
  let snapshot: OperationSnapshot<T> = { data: null, error: null, loading: true };
  const requests = latestRequest();
  let stopped = false;
  const show = (next: OperationSnapshot<T>, fetched: boolean) => {
    snapshot = next;
    update(next, fetched);
  };
  const refetch = () => {
    if (stopped) return;
    if (!snapshot.loading) show({ ...snapshot, loading: true }, false);
    void requests.send(
      fetch,
      (data) => show({ data, error: null, loading: false }, true),
      (err) => show({ data: snapshot.data, error: toErrorData(err), loading: false }, false),
    );
  };
  const unsubscribe = subscribe?.(refetch) ?? null;
  refetch();
  return {
    refetch,
    replace(data) {
      if (stopped) return;
      requests.drop();
      show({ data, error: null, loading: false }, false);
    },
    stop() {
      stopped = true;
      requests.drop();
      unsubscribe?.();
    },
  };
}
