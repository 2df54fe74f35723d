import { closeSync, openSync, readSync } from 'node:fs';

/** The fields of an SQLite file's 100-byte header that tell a refused file's cause. */
export interface SqliteHeader {
  /** The file starts with SQLite's magic string. */
  sqlite: boolean;
  /** The whole 100-byte header is there. */
  complete: boolean;
  pageSize: number;
  /** Pages the header says the database has; null when that field is stale (an old writer). */
  pages: number | null;
  userVersion: number;
  applicationId: number;
}

const magic = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Reads a file's header with plain file reads: unlike opening it with SQLite, this can never
 * leave `-wal`/`-shm` files beside a file that is then refused. Layout: sqlite.org/fileformat.html §1.3.
 */
export function readSqliteHeader(path: string): SqliteHeader {
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  const sqlite = read >= magic.length && header.subarray(0, magic.length).equals(magic);
  const complete = sqlite && read === 100;
  if (!complete) return { sqlite, complete, pageSize: 0, pages: null, userVersion: 0, applicationId: 0 };
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  // The in-header size is valid only when the change counter matches "version-valid-for".
  const pages = header.readUInt32BE(24) === header.readUInt32BE(92) ? header.readUInt32BE(28) : null;
  return { sqlite, complete, pageSize, pages, userVersion: header.readUInt32BE(60), applicationId: header.readUInt32BE(68) };
}
