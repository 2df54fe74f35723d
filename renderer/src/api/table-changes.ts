/** Which corpus writes a view follows: the one test of a `db:changed` event against the tables a view shows. */
import type { CorpusTable } from '../../../common/corpus-tables';
import type { DbChangedEvent } from '../../../common/events';
import { onWorkbenchEvent } from './bridge';

/** The tables a view shows, or `any` for a view that any write may change. */
export type WatchedTables = readonly CorpusTable[] | 'any';

/** Whether the write `event` reports may change a view of `tables` (an event naming no table could have changed all). */
export function touches(event: DbChangedEvent, tables: WatchedTables): boolean {
  return tables === 'any' || event.tables.length === 0 || event.tables.some((t) => tables.includes(t));
}

/** Writes this window made and has its answer to, told before (or without) the backend's event. */
const ownWrites = new Set<(event: DbChangedEvent) => void>();

/**
 * Tells this window's views that one of its own writes changed `tables`. The backend's
 * `db:changed` for it may come before or after the write's answer, or not at all while the
 * event connection is down; views that follow those tables should not wait on it.
 */
export function announceWrite(tables: readonly CorpusTable[]): void {
  const event: DbChangedEvent = { type: 'db:changed', tables: [...tables] };
  for (const listener of [...ownWrites]) listener(event);
}

/** Calls `listener` after each write that touches `tables`; returns the unsubscribe function. */
export function onTablesChanged(tables: WatchedTables, listener: () => void): () => void {
  const onWrite = (event: DbChangedEvent) => {
    if (touches(event, tables)) listener();
  };
  ownWrites.add(onWrite);
  const unsubscribe = onWorkbenchEvent((event) => {
    if (event.type === 'db:changed') onWrite(event);
  });
  return () => {
    ownWrites.delete(onWrite);
    unsubscribe();
  };
}
