import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ApiError } from '../../common/errors';
import { processExists } from '../context/live-session';

/** Default upload limit: bigger than any label file or run, small enough that a runaway client cannot fill the disk. */
export const defaultMaxUploadBytes = 1024 * 1024 * 1024;

const prefix = 'rwb-uploads-';

/**
 * Removes upload folders left by servers that were killed before they could clean up: each
 * folder is named after its server's process id, so one whose process is gone is stale.
 * Returns how many it removed.
 */
export function removeStaleUploads(parent = tmpdir()): number {
  let removed = 0;
  for (const name of readdirSync(parent)) {
    const pid = Number(/^rwb-uploads-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || processExists(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Streams the request into `path`. Past `maxBytes`, or when the client goes away, the file is
 * dropped; the rest of an oversized body is read and discarded, not cut off, so the client
 * gets the 413 instead of a reset.
 */
function writeBody(req: IncomingMessage, path: string, name: string, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path);
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(file);
      file.destroy();
      req.resume();
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(new ApiError('too_large', `${name} is larger than ${maxBytes} bytes, the most this server accepts for an upload`));
    });
    req.on('error', fail);
    req.on('close', () => {
      if (!req.complete) fail(new ApiError('cancelled', `${name}: the client stopped sending before the end; nothing was kept`));
    });
    file.on('error', (err: NodeJS.ErrnoException) =>
      fail(err.code === 'ENOSPC' ? new ApiError('disk_full', `${name}: the disk of the upload folder is full; free space and upload again`) : err),
    );
    file.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    req.pipe(file);
  });
}

/**
 * Files a browser sends for import. A browser cannot hand over a path, so serve mode
 * streams the file into a private temporary folder and the import reads it from there.
 * Each upload keeps its own name (errors name `file:line`) in a fresh sub-folder; an upload
 * that fails (too large, or the client went away) leaves nothing behind.
 */
export class Uploads {
  readonly root: string;

  constructor(
    readonly maxBytes = defaultMaxUploadBytes,
    parent = tmpdir(),
  ) {
    removeStaleUploads(parent);
    this.root = mkdtempSync(join(parent, `${prefix}${process.pid}-`));
  }

  async receive(req: IncomingMessage, name: string): Promise<string> {
    const safeName =
      basename(name)
        .replace(/[^\w.\-+ ]/g, '_')
        .slice(0, 200) || 'upload';
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      throw new ApiError('too_large', `${safeName} is ${declared} bytes; the most this server accepts for an upload is ${this.maxBytes} bytes`);
    }
    const dir = join(this.root, randomBytes(8).toString('hex'));
    mkdirSync(dir);
    const path = join(dir, safeName);
    try {
      await writeBody(req, path, safeName, this.maxBytes);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    return path;
  }

  /** Removes every upload; called when the server stops. */
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
