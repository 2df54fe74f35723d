/**
 * The renderer's one way to show what an operation answers: fetch it while the view is mounted,
 * fetch it again after writes to the tables the view names, and say whether it is loading or failed.
 */
import { useEffect, useRef, useState } from 'react';
import type { OperationName, RequestOf, ResponseOf } from '../../../common/contract';
import type { ApiErrorData } from '../../../common/errors';
import { api } from './bridge';
import { sharedRead } from './shared-read';
import { followOperation, type OperationFollower, type OperationSnapshot } from './operation-follower';
import { onTablesChanged, type WatchedTables } from './table-changes';

export interface OperationOptions<K extends OperationName> {
  /** Refetch after each write to these tables; without them the answer is fetched once per request. */
  tables?: WatchedTables;
  /** Called with each fetched answer (not with `replace`), e.g. to fill a form from it. */
  onLoad?(data: ResponseOf<K>): void;
  /** Called with each failed fetch, e.g. `reportError` for the screen's error banner. */
  onError?(error: ApiErrorData): void;
}

export interface Operation<K extends OperationName> extends OperationSnapshot<ResponseOf<K>> {
  refetch(): void;
  /** Shows `data` as the answer, e.g. what a write returned. */
  replace(data: ResponseOf<K>): void;
}

interface Shown<K extends OperationName> extends OperationSnapshot<ResponseOf<K>> {
  key: string | null;
}

const idle = { data: null, error: null, loading: false };

/**
 * Follows `op` with `request` (`null`: nothing to fetch yet). Requests are compared by value, so
 * an object literal written in the render does not refetch; a new request shows no data until its
 * own answer comes, never the previous request's.
 */
export function useOperation<K extends OperationName>(op: K, request: RequestOf<K> | null, options: OperationOptions<K> = {}): Operation<K> {
  const key = request === null ? null : JSON.stringify(request);
  // The tables by value too: the effect reads them from `latest`, this only says when they changed.
  const tables = options.tables === undefined ? null : options.tables === 'any' ? 'any' : options.tables.join(' ');
  const [shown, setShown] = useState<Shown<K>>({ key: null, ...idle });
  const follower = useRef<OperationFollower<ResponseOf<K>> | null>(null);
  // The callbacks of the latest render, so passing new closures does not refetch.
  const latest = useRef({ request, options });
  latest.current = { request, options };

  useEffect(() => {
    const { request: current, options: given } = latest.current;
    if (key === null || current === null) return;
    const watched = given.tables ?? null;
    // The first fetch may join the same read already asked for on navigation (shared-read.ts).
    let first = true;
    const following = followOperation(
      () => {
        const asked = first ? sharedRead(op, current) : api(op, current);
        first = false;
        return asked;
      },
      watched === null ? null : (refetch) => onTablesChanged(watched, refetch),
      (snapshot, fetched) => {
        setShown({ key, ...snapshot });
        if (fetched && snapshot.data !== null) latest.current.options.onLoad?.(snapshot.data);
        else if (!snapshot.loading && snapshot.error !== null) latest.current.options.onError?.(snapshot.error);
      },
    );
    follower.current = following;
    return () => {
      following.stop();
      if (follower.current === following) follower.current = null;
    };
  }, [op, key, tables]);

  const state = shown.key === key ? shown : { ...idle, loading: key !== null };
  return {
    data: state.data,
    error: state.error,
    loading: state.loading,
    refetch: () => follower.current?.refetch(),
    replace: (data) => follower.current?.replace(data),
  };
}
