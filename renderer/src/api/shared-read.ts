/**
 * A screen's answer asked for on navigation, while the screen's own code is still loading: its
 * view's first fetch of the same request joins that read if it is still on its way, or takes its
 * answer if it came first (once, within 10 s, and only while no write has been reported since,
 * so the answer is as fresh as the view's own fetch would be). Only a first fetch may join: a
 * fetch made because of a write must not take an answer asked for before the write.
 */
import type { OperationName, RequestOf, ResponseOf } from '../../../common/contract';
import { api } from './bridge';
import { onTablesChanged } from './table-changes';

const keepMs = 10_000;

interface Asked {
  answer: Promise<unknown>;
  /** When the answer came; null while it is on its way. */
  answeredAt: number | null;
  /** Stops watching for writes that make the answer stale. */
  unwatch(): void;
}

const asked = new Map<string, Asked>();

/** One read: the operation and its request by value. */
function readKey(op: OperationName, request: unknown): string {
  return `${op}\n${JSON.stringify(request)}`;
}

function forget(key: string): void {
  asked.get(key)?.unwatch();
  asked.delete(key);
}

/** `op` with `request`, joined with or taken from the same read asked for ahead. For reads only. */
export function sharedRead<K extends OperationName>(op: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
  const key = readKey(op, request);
  const ahead = asked.get(key);
  if (ahead && (ahead.answeredAt === null || performance.now() - ahead.answeredAt < keepMs)) {
    if (ahead.answeredAt !== null) forget(key);
    return ahead.answer as Promise<ResponseOf<K>>;
  }
  return api(op, request);
}

/** Asks for a read ahead of the view that will show it; a failure is left for that view's own fetch to report. */
export function prefetchRead<K extends OperationName>(op: K, request: RequestOf<K>): void {
  const key = readKey(op, request);
  if (asked.get(key)?.answeredAt === null) return;
  forget(key);
  const entry: Asked = { answer: api(op, request), answeredAt: null, unwatch: onTablesChanged('any', () => forget(key)) };
  entry.answer.then(
    () => {
      entry.answeredAt = performance.now();
      setTimeout(() => asked.get(key) === entry && forget(key), keepMs);
    },
    () => forget(key),
  );
  asked.set(key, entry);
}
