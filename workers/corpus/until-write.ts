import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

const caches = new WeakMap<Db, Map<string, { version: string; value: unknown }>>();

/**
 * What this connection and every other one have committed so far: `data_version` moves when
 * another connection commits, `total_changes()` when this one writes. Equal versions mean the
 * corpus is unchanged since.
 */
function corpusVersion(db: Db): string {
  return `${db.pragma('data_version', { simple: true }) as number}:${oneRow(db.prepare<unknown[], number>('SELECT total_changes()').pluck().get())}`;
}

/**
 * `compute()`'s value, computed again only after a write to the corpus: for aggregates over
 * whole tables (the status bar's counts, the facets) that every screen asks for and only a
 * write can change.
 */
export function untilWrite<T>(db: Db, key: string, compute: () => T): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const version = corpusVersion(db);
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = compute();
  cache.set(key, { version, value });
  return value;
}
