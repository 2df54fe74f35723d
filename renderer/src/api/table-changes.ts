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

/** Calls `listener` after each write that touches `tables`; returns the unsubscribe function. */
export function onTablesChanged(tables: WatchedTables, listener: () => void): () => void {
  return onWorkbenchEvent((event) => {
    if (event.type === 'db:changed' && touches(event, tables)) listener();
  });
}
