import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { ApiError } from '../../common/errors';
import { aideImporter } from './aide-importer';
import { bundleImporter } from './bundle-importer';
import type { Importer } from './importer';
import { sweAgentImporter } from './swe-agent-importer';

/** Every input format the workbench reads. Adding a format is adding one importer here. */
export const importers: readonly Importer[] = [bundleImporter, aideImporter, sweAgentImporter];

const headBytes = 64 * 1024;

/** Picks the importer for a file: the one named by `format`, or the first whose detector accepts its head. */
export async function chooseImporter(path: string, label: string, format: string): Promise<Importer> {
  if (format !== 'auto') {
    const named = importers.find((i) => i.format === format);
    if (!named) throw new ApiError('invalid_request', `unknown format "${format}" (known: ${importers.map((i) => i.format).join(', ')})`);
    return named;
  }
  const head = await readHead(path, label);
  if (head.trim() === '') throw new ApiError('import_failed', `${label}: the file is empty`);
  const found = importers.find((i) => i.detect(head));
  if (!found) {
    throw new ApiError(
      'import_failed',
      `${label}: format not recognised (known: ${importers.map((i) => i.format).join(', ')}); name it with --format`,
    );
  }
  return found;
}

async function readHead(path: string, label: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    throw new ApiError('import_failed', `${label}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    const buf = Buffer.alloc(headBytes);
    const { bytesRead } = await handle.read(buf, 0, headBytes, 0);
    const bytes = buf.subarray(0, bytesRead);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        return gunzipSync(bytes, { finishFlush: 2 }).toString('utf8', 0, headBytes);
      } catch {
        return '';
      }
    }
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}
