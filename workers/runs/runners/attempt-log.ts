import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

/** Logs longer than this keep their first and last halves; the middle is counted, not kept. */
export const logLimitChars = 32 * 1024 * 1024;

/**
 * An attempt's terminal log while it runs: everything up to `limit` characters, then the
 * head and a rolling tail, so a program that prints gigabytes cannot exhaust the worker.
 */
export class AttemptLog {
  private head = '';
  private tail: string[] = [];
  private tailChars = 0;
  private omitted = 0;
  private total = 0;
  private written = 0;

  constructor(private readonly limit = logLimitChars) {}

  append(data: string): void {
    this.total += Buffer.byteLength(data);
    this.written += data.length;
    const half = this.limit / 2;
    if (this.head.length < half) {
      const room = half - this.head.length;
      this.head += data.slice(0, room);
      data = data.slice(room);
      if (data === '') return;
    }
    this.tail.push(data);
    this.tailChars += data.length;
    while (this.tailChars > half && this.tail.length > 0) {
      const first = this.tail[0]!;
      const excess = this.tailChars - half;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailChars -= first.length;
        this.omitted += Buffer.byteLength(first);
      } else {
        this.tail[0] = first.slice(excess);
        this.tailChars -= excess;
        this.omitted += Buffer.byteLength(first.slice(0, excess));
      }
    }
  }

  /** Bytes the program wrote in all. */
  get bytes(): number {
    return this.total;
  }

  get omittedBytes(): number {
    return this.omitted;
  }

  /** Characters (UTF-16 code units, as `attempt:output` events count them) the program wrote in all. */
  get chars(): number {
    return this.written;
  }

  /**
   * The output from character `offset` on, as far as it is kept: `from` is where the text
   * returned starts, later than `offset` when that part fell in the dropped middle.
   */
  textFrom(offset: number): { text: string; from: number; to: number } {
    const tail = this.tail.join('');
    const tailStart = this.written - tail.length;
    if (offset < this.head.length) {
      if (this.omitted === 0) return { text: (this.head + tail).slice(offset), from: offset, to: this.written };
      return { text: this.head.slice(offset), from: offset, to: this.head.length };
    }
    const from = Math.max(offset, tailStart);
    return { text: tail.slice(Math.min(from - tailStart, tail.length)), from: Math.min(from, this.written), to: this.written };
  }

  text(): string {
    const tail = this.tail.join('');
    if (this.omitted === 0) return this.head + tail;
    return `${this.head}\r\n[rwb: ${this.omitted} bytes of output omitted here]\r\n${tail}`;
  }
}

/** What the corpus stores for a log: gzip of its text, with its size and hash. */
export interface StoredLog {
  gz: Buffer;
  bytes: number;
  omittedBytes: number;
  sha256: string;
}

/** The log as stored; its output was scrubbed of secrets as it arrived (`SecretScrubber`). */
export function packLog(log: AttemptLog): StoredLog {
  const text = log.text();
  return { gz: gzipSync(text), bytes: log.bytes, omittedBytes: log.omittedBytes, sha256: createHash('sha256').update(text).digest('hex') };
}

export function unpackLog(gz: Buffer): string {
  return gunzipSync(gz).toString('utf8');
}
