import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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
 * Streams the request into `file`. Past `maxBytes`, or when the client goes away, the file is
 * dropped; the rest of an oversized body is read and discarded, not cut off, so the client
 * gets the 413 instead of a reset.
 */
function writeBody(req: IncomingMessage, file: WriteStream, name: string, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
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
      fail(
        err.code === 'ENOSPC'
          ? new ApiError('disk_full', `${name}: the disk of the upload folder is full; free space and upload again`)
          : err.code === 'EEXIST'
            ? new ApiError('invalid_request', `${name} was already uploaded into this folder`)
            : err,
      ),
    );
    file.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    req.pipe(file);
  });
}

/** One segment of an uploaded name, made safe to be a file or folder name. */
function safeSegment(segment: string): string {
  return segment.replace(/[^\w.\-+ ]/g, '_').slice(0, 200);
}

/** A lone upload's file name: its last segment made safe; a name of dots only would name the upload's folder itself. */
function loneUploadName(name: string): string {
  const safe = safeSegment(basename(name));
  if (/^\.*$/.test(safe)) throw new ApiError('invalid_request', `"${name.slice(0, 200)}" is not a file name; upload the file under its own name`);
  return safe;
}

/** A folder upload's id, chosen by the client for all the files of one folder. */
const folderId = /^[0-9a-f]{16,64}$/;

/**
 * Where a file of a folder upload goes below the folder: its relative path (`run/code/node_1.py`),
 * each segment made safe. A path that climbs (`..`), or has an empty or dot-only segment, is refused.
 */
function relativeUploadPath(name: string): string {
  const segments = name.split('/');
  if (segments.length > 32 || segments.some((s) => s === '' || /^\.+$/.test(s))) {
    throw new ApiError('invalid_request', `${name}: a folder upload names each file by its path inside the folder (like run/code/node_1.py)`);
  }
  return join(...segments.map(safeSegment));
}

/**
 * Files a browser sends for import. A browser cannot hand over a path, so serve mode
 * streams the file into a private temporary folder and the import reads it from there.
 * Each upload keeps its own name (errors name `file:line`) in a fresh sub-folder; an upload
 * that fails (too large, or the client went away) leaves nothing behind. The files of one
 * folder (a run whose journal names program files beside it) share a sub-folder, named by
 * the client's `folder` id, each at its path inside the folder, so an import of the
 * journal finds them where the run left them.
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

  async receive(req: IncomingMessage, name: string, folder: string | null = null): Promise<string> {
    if (folder !== null && !folderId.test(folder)) throw new ApiError('invalid_request', `folder: "${folder}" is not a folder upload id (16 to 64 hex digits)`);
    const safeName = folder === null ? loneUploadName(name) : relativeUploadPath(name);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      throw new ApiError('too_large', `${safeName} is ${declared} bytes; the most this server accepts for an upload is ${this.maxBytes} bytes`);
    }
    const dir = join(this.root, folder === null ? randomBytes(8).toString('hex') : `folder-${folder}`);
    const path = join(dir, safeName);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOTDIR') throw err;
      throw new ApiError('invalid_request', `${safeName}: a file already uploaded into this folder has the name of one of its folders`);
    }
    // Never onto a file already there: a folder's files each come once.
    const file = createWriteStream(path, { flags: 'wx' });
    let created = false;
    file.once('open', () => (created = true));
    try {
      await writeBody(req, file, safeName, this.maxBytes);
    } catch (err) {
      // A folder keeps the files that came whole (and one sent twice keeps its first copy); a lone upload's folder goes with it.
      if (folder === null) rmSync(dir, { recursive: true, force: true });
      else if (created) rmSync(path, { force: true });
      throw err;
    }
    return path;
  }

  /** Removes every upload; called when the server stops. */
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
