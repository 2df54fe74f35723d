/**
 * Reading single entries of a zip archive (Inspect AI's `.eval` logs) without unpacking
 * it: the central directory is listed first, then each entry wanted is inflated on its
 * own, bounded in size, straight from the archive.
 */
import type { Entry, ZipFile } from 'yauzl';
import { ApiError } from '../../common/errors';
import { checkCancelled } from './import-cancel';
import { importError } from './import-error';

/** An open archive: its entries by name, and a reader for one of them. */
export interface ZipArchive {
  names: readonly string[];
  /** The size an entry inflates to, as the archive declares it (reading checks it). */
  size(name: string): number;
  read(name: string, signal?: AbortSignal): Promise<Buffer>;
  close(): void;
}

export async function openZip(path: string, label: string, maxEntryBytes: number): Promise<ZipArchive> {
  // Loaded here, not at start: only an Inspect AI log needs it, and every process start paid for it.
  const { default: yauzl } = await import('yauzl');
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, file) => (err ? reject(err) : resolve(file))),
  ).catch((err: unknown) => {
    throw importError({ file: label, line: 1 }, `not a readable zip archive (${(err as Error).message.replace(/: .*/, '')})`);
  });
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', reject);
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    throw importError({ file: label, line: 1 }, `damaged zip archive (${(err as Error).message.replace(/: .*/, '')})`);
  }
  return {
    names: [...entries.keys()],
    size: (name) => entries.get(name)?.uncompressedSize ?? 0,
    async read(name, signal) {
      const entry = entries.get(name);
      if (!entry) throw importError({ file: `${label}/${name}`, line: 1 }, 'no such entry in the archive');
      if (entry.uncompressedSize > maxEntryBytes) {
        throw importError({ file: `${label}/${name}`, line: 1 }, `the entry is larger than ${maxEntryBytes / 1024 / 1024} MiB`);
      }
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          checkCancelled(signal, label);
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw importError({ file: `${label}/${name}`, line: 1 }, `damaged entry (${(err as Error).message.replace(/: .*/, '')})`);
      } finally {
        stream.destroy();
      }
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
