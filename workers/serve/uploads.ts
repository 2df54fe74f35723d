import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Files a browser sends for import. A browser cannot hand over a path, so serve mode
 * streams the file into a private temporary folder and the import reads it from there.
 * Each upload keeps its own name (errors name `file:line`) in a fresh sub-folder.
 */
export class Uploads {
  private readonly root = mkdtempSync(join(tmpdir(), 'rwb-uploads-'));

  async receive(req: IncomingMessage, name: string): Promise<string> {
    const safeName = basename(name).replace(/[^\w.\-+ ]/g, '_').slice(0, 200) || 'upload';
    const dir = join(this.root, randomBytes(8).toString('hex'));
    mkdirSync(dir);
    const path = join(dir, safeName);
    await pipeline(req, createWriteStream(path));
    return path;
  }

  /** Removes every upload; called when the server stops. */
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
