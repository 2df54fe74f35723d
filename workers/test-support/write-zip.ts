import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a zip to write: its name and content; entries may share a content, which is compressed once. */
export interface ZipEntrySource {
  name: string;
  content: Buffer;
}

/**
 * Writes a zip archive (deflated entries, no data descriptors): enough of the format for
 * tests to build `.eval` archives of any size without a zip library.
 */
export function writeZip(path: string, entries: readonly ZipEntrySource[]): void {
  const compressed = new Map<Buffer, { data: Buffer; crc: number }>();
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    let packed = compressed.get(content);
    if (!packed) compressed.set(content, (packed = { data: deflateRawSync(content), crc: crc32(content) }));
    const fileName = Buffer.from(name);
    const entry = { ...packed, size: content.length, nameLength: fileName.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    describeEntry(local, 8, entry);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    describeEntry(header, 10, entry);
    header.writeUInt32LE(offset, 42);
    parts.push(local, fileName, packed.data);
    central.push(header, fileName);
    offset += local.length + fileName.length + packed.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...parts, directory, end]));
}

/** The fields a local header and a central directory header share, from the compression method on. */
function describeEntry(header: Buffer, at: number, entry: { data: Buffer; crc: number; size: number; nameLength: number }): void {
  header.writeUInt16LE(8, at);
  header.writeUInt32LE(entry.crc, at + 6);
  header.writeUInt32LE(entry.data.length, at + 10);
  header.writeUInt32LE(entry.size, at + 14);
  header.writeUInt16LE(entry.nameLength, at + 18);
}
