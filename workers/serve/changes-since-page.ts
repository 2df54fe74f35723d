/**
 * The corpus writes a page served with its first rows in it has not been told of: its events
 * socket opens only once its scripts have run and rendered, so a write in between would leave
 * those rows stale with nothing to say so. The page's socket is sent them as it opens.
 */
import type { CorpusTable } from '../../common/corpus-tables';
import type { DbChangedEvent } from '../../common/events';

/** A page whose socket has not opened in this long is gone (closed, or reloaded under another path). */
export const pageWaitMaxMs = 60_000;

interface Waiting {
  at: number;
  /** Tables written since; `any` after a write that could have changed every table. */
  tables: Set<CorpusTable> | 'any';
}

export class ChangesSincePage {
  /** By the token of the page that was served. */
  private readonly pages = new Map<string, Waiting>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A page carrying its first rows was served under `token`; a page served earlier under it keeps what it missed. */
  served(token: string): void {
    const at = this.now();
    for (const [key, page] of this.pages) if (at - page.at > pageWaitMaxMs) this.pages.delete(key);
    const earlier = this.pages.get(token);
    this.pages.set(token, { at, tables: earlier?.tables ?? new Set() });
  }

  /** A write changed `tables` (none named: it could have changed any). */
  changed(tables: readonly CorpusTable[]): void {
    for (const page of this.pages.values()) {
      if (page.tables === 'any') continue;
      if (tables.length === 0) page.tables = 'any';
      else for (const table of tables) page.tables.add(table);
    }
  }

  /** The event to send the socket opening under `token`: the writes its page missed, if any, told once. */
  take(token: string): DbChangedEvent | undefined {
    const page = this.pages.get(token);
    this.pages.delete(token);
    if (!page || (page.tables !== 'any' && page.tables.size === 0)) return undefined;
    return { type: 'db:changed', tables: page.tables === 'any' ? [] : [...page.tables] };
  }
}
