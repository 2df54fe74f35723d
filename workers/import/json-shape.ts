/**
 * The shape of a JSON text, read as a stream: which keys each object has and the first
 * items of each array, with the start of each string, never the whole document. Format
 * detection reads a file's structure with it, so key order, indentation and the length of
 * a line or a value do not change what it sees.
 *
 * Hand-written rather than a streaming JSON library: it skips the body of a long string
 * with one `indexOf` (the bulk of a run file is output text), keeps memory bounded by its
 * budgets whatever the input, and stops the moment its caller has seen enough.
 */

/** One JSON value as far as it was read. */
export type Shape =
  { kind: 'object'; keys: Map<string, Shape> } | { kind: 'array'; items: Shape[] } | { kind: 'string'; text: string } | { kind: 'number' | 'boolean' | 'null' };

/** Items of an array recorded; later ones are read past. */
export const shapeItems = 8;
/** Nesting recorded: a deeper object or array is recorded as its kind alone. */
const shapeDepth = 5;
/** Bytes of a string kept (a key is a string too). */
const stringPrefixBytes = 4096;
/** Values recorded in all, and string bytes kept in all: the scan's memory whatever the document. */
const shapeBudget = 20_000;
const stringBudgetBytes = 4 * 1024 * 1024;

type Container = Extract<Shape, { kind: 'object' | 'array' }>;

interface Frame {
  object: boolean;
  /** Where the frame's values are recorded; null past the depth or the budget. */
  shape: Container | null;
  /** The key whose value comes next, in an object. */
  key: string | null;
  expectKey: boolean;
}

/** Where the scanner is between two bytes. */
type Mode = 'value' | 'string' | 'literal' | 'after';

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isLiteralByte = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === 0x2e || b === 0x2b || b === 0x2d;

/**
 * Scans chunks of a JSON text (or JSON Lines) until the first value is complete. `push`
 * returns true once the scan is over: the first value ended, the input is not JSON, or
 * the value is an array whose first `shapeItems` items have been read.
 */
export class ShapeScanner {
  /** The first value, as far as read; null before it opens. */
  value: Shape | null = null;
  /** The first value was read to its end. */
  complete = false;
  /** A second value follows the first on a later line: the text is JSON Lines. */
  lines = false;
  /** The text stopped being JSON (or never was) where the scan ended. */
  invalid = false;
  /** The first byte that is not white space, or -1 before it. */
  firstByte = -1;

  private stack: Frame[] = [];
  private mode: Mode = 'value';
  private done = false;
  private recorded = 0;
  private stringBytes = 0;
  private started = false;
  private sawNewlineAfter = false;
  // The string or literal being read.
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  private keep = 0;
  private backslashes = 0;
  private literalFirst = 0;

  push(chunk: Buffer): boolean {
    let i = 0;
    if (!this.started && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    this.started = true;
    while (i < chunk.length && !this.done) {
      if (this.mode === 'string') i = this.readString(chunk, i);
      else if (this.mode === 'literal') i = this.readLiteral(chunk, i);
      else if (this.mode === 'after') i = this.readAfter(chunk, i);
      else i = this.readStructure(chunk, i);
    }
    return this.done;
  }

  /** The input ended: what was read is all there is. */
  end(): void {
    if (this.mode === 'literal') this.finishLiteral();
    this.done = true;
  }

  private readStructure(chunk: Buffer, from: number): number {
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (isSpace(b)) continue;
      if (this.firstByte === -1) this.firstByte = b;
      if (b === 0x3a) continue;
      if (b === 0x2c) {
        this.comma();
        if (this.done) return i + 1;
        continue;
      }
      if (b === 0x22) {
        this.beginString();
        return i + 1;
      }
      if (b === 0x7b || b === 0x5b) this.open(b === 0x7b);
      else if (b === 0x7d || b === 0x5d) this.close(b === 0x7d);
      else if (isLiteralByte(b)) {
        this.literalFirst = b;
        this.mode = 'literal';
        return i;
      } else this.stop(true);
      if (this.done || this.mode !== 'value') return i + 1;
    }
    return chunk.length;
  }

  private comma(): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) return this.stop(true);
    if (top.object) top.expectKey = true;
  }

  private open(object: boolean): void {
    const parent = this.stack[this.stack.length - 1];
    const shape: Container | null = !parent || this.canRecord(parent) ? (object ? { kind: 'object', keys: new Map() } : { kind: 'array', items: [] }) : null;
    if (shape) this.attach(shape);
    this.stack.push({ object, shape: this.stack.length < shapeDepth ? shape : null, key: null, expectKey: object });
  }

  private close(object: boolean): void {
    const top = this.stack.pop();
    if (!top || top.object !== object) return this.stop(true);
    this.valueEnded();
  }

  /** Whether a value inside `frame` is recorded: the budget lasts and, in an array, it is among the first items. */
  private canRecord(frame: Frame): boolean {
    if (this.recorded >= shapeBudget || frame.shape === null) return false;
    return frame.shape.kind === 'object' || frame.shape.items.length < shapeItems;
  }

  private attach(shape: Shape): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.value = shape;
      return;
    }
    if (!parent.shape || !this.canRecord(parent)) return;
    this.recorded += 1;
    if (parent.shape.kind === 'array') parent.shape.items.push(shape);
    else if (parent.key !== null && !parent.shape.keys.has(parent.key)) parent.shape.keys.set(parent.key, shape);
  }

  private valueEnded(): void {
    const top = this.stack[this.stack.length - 1];
    if (top) {
      top.key = null;
      if (this.stack.length === 1 && top.shape?.kind === 'array' && top.shape.items.length >= shapeItems) this.stop(false);
      return;
    }
    this.complete = true;
    this.mode = 'after';
  }

  private beginString(): void {
    const top = this.stack[this.stack.length - 1];
    const isKey = top !== undefined && top.object && top.expectKey;
    const wanted = isKey ? top.shape !== null : !top || this.canRecord(top);
    this.keep = wanted ? Math.min(stringPrefixBytes, Math.max(0, stringBudgetBytes - this.stringBytes)) : 0;
    this.pieces = [];
    this.pieceBytes = 0;
    this.backslashes = 0;
    this.mode = 'string';
  }

  private readString(chunk: Buffer, from: number): number {
    let at = from;
    for (;;) {
      const quote = chunk.indexOf(0x22, at);
      const end = quote === -1 ? chunk.length : quote;
      this.keepBytes(chunk, from, end);
      // The quote ends the string unless an odd run of backslashes stands right before it.
      let run = 0;
      while (end - run - 1 >= at && chunk[end - run - 1] === 0x5c) run += 1;
      if (end - run === at) run += this.backslashes;
      if (quote === -1) {
        this.backslashes = run;
        return chunk.length;
      }
      if (run % 2 === 0) {
        this.finishString();
        return quote + 1;
      }
      this.keepBytes(chunk, quote, quote + 1);
      this.backslashes = 0;
      from = quote + 1;
      at = quote + 1;
    }
  }

  private keepBytes(chunk: Buffer, from: number, to: number): void {
    const room = this.keep - this.pieceBytes;
    if (room <= 0 || to <= from) return;
    const piece = chunk.subarray(from, Math.min(to, from + room));
    this.pieces.push(Buffer.from(piece));
    this.pieceBytes += piece.length;
  }

  private finishString(): void {
    this.mode = 'value';
    this.stringBytes += this.pieceBytes;
    const text = decodeStringPrefix(Buffer.concat(this.pieces));
    const top = this.stack[this.stack.length - 1];
    if (top && top.object && top.expectKey) {
      top.key = text;
      top.expectKey = false;
      return;
    }
    this.attach({ kind: 'string', text });
    this.valueEnded();
  }

  private readLiteral(chunk: Buffer, from: number): number {
    let i = from;
    while (i < chunk.length && isLiteralByte(chunk[i]!)) i += 1;
    if (i < chunk.length) this.finishLiteral();
    return i;
  }

  private finishLiteral(): void {
    const b = this.literalFirst;
    const kind = b === 0x74 || b === 0x66 ? 'boolean' : b === 0x6e ? 'null' : (b >= 0x30 && b <= 0x39) || b === 0x2d ? 'number' : null;
    this.mode = 'value';
    if (kind === null) return this.stop(true);
    this.attach({ kind });
    this.valueEnded();
  }

  /** After the first value: a newline and another object or array make it JSON Lines. */
  private readAfter(chunk: Buffer, from: number): number {
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 0x0a || b === 0x0d) this.sawNewlineAfter = true;
      if (isSpace(b)) continue;
      this.lines = this.sawNewlineAfter && (b === 0x7b || b === 0x5b);
      this.stop(!this.lines);
      return i;
    }
    return chunk.length;
  }

  private stop(invalid: boolean): void {
    this.invalid = invalid;
    this.done = true;
  }
}

/** A string's kept bytes as text: escapes resolved; a cut through an escape or a character dropped. */
function decodeStringPrefix(bytes: Buffer): string {
  const raw = bytes.toString('utf8').replace(/\uFFFD+$/, '');
  for (let cut = 0; cut <= 6 && cut <= raw.length; cut++) {
    try {
      return JSON.parse(`"${raw.slice(0, raw.length - cut)}"`) as string;
    } catch {
      // A cut through an escape sequence: try a shorter prefix.
    }
  }
  return raw;
}
