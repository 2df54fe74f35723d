/**
 * Finds and parses every CPython traceback in arbitrary captured output.
 *
 * Output is scanned line by line, once. A block starts at a `Traceback (most
 * recent call last):` header (possibly after other text on the same line, or
 * behind a per-line prefix such as torchrun's `[rank0]: `), at an exception
 * group box, at a frame line whose header is missing (SyntaxError in the main
 * script, head-truncated output), or at an exception line directly followed by
 * a chain separator. Chained exceptions joined by "The above exception was the
 * direct cause..." / "During handling of the above exception..." form one
 * block. A block whose first exception never reaches its exception line
 * (truncated output, interleaved writers) is dropped rather than guessed.
 */
import { isBareGroupAt, memberStartAt, parseMember, type LineView, type MemberException, type MemberStart } from './parse-member';
import { TextLines } from './text-lines';
import { GROUP_HEADER, TRACEBACK_HEADER, isForeignLine, parseExceptionLine, parseFrameLine, separatorRelation, type ChainRelation } from './traceback-lines';

export type { Frame } from './parse-member';

/** One exception of a printed chain. */
export interface ChainedException extends MemberException {
  /**
   * How this exception is linked to the one printed before it: `cause` when the
   * previous one is its `__cause__` (`raise ... from err`), `context` when it was
   * raised while the previous one was being handled. Null for the first printed.
   */
  relation: ChainRelation | null;
}

/** One traceback block found in a text. */
export interface ParsedTraceback {
  /** The raw block, exactly `input.slice(start, end)` (escape sequences included if the input had them). */
  text: string;
  /** Offset of the block's first character in the input. */
  start: number;
  /** Offset just past the block's last character in the input. */
  end: number;
  /** Every exception of the block in printed order: root causes first, the exception that propagated last. */
  chain: ChainedException[];
  /** The last printed exception: the one raised out of the program (or out of the handler that printed it). */
  final: ChainedException;
}

/** Where a block starts and how its lines are read. */
interface BlockStart {
  index: number;
  start: MemberStart;
  /** Per-line prefix shared by every line of the block ('' for none). */
  prefix: string;
  /** Offset of the block's first character in the input. */
  offset: number;
}

function viewWithPrefix(lines: TextLines, prefix: string): LineView {
  const bare = prefix.trimEnd();
  return (index) => {
    if (index >= lines.count) return null;
    const line = lines.visible(index);
    if (prefix === '' || line.startsWith(prefix)) return line.slice(prefix.length);
    // A blank line of a prefixed block keeps the prefix but loses its trailing space.
    return line === bare ? '' : null;
  };
}

/**
 * Where a block whose header is on line `index` begins. Text before the header
 * is a per-line prefix when the next line carries it too; otherwise it is
 * leftover output (a progress bar without a final newline), not part of the block.
 */
function headerStart(lines: TextLines, index: number, before: string, header: string, start: MemberStart): BlockStart {
  if (before !== '') {
    const next = lines.visible(index + 1);
    const bare = before.trimEnd();
    if (next.startsWith(before) || (bare !== '' && next.startsWith(bare))) {
      return { index, start, prefix: before, offset: lines.visibleStart(index) };
    }
    const at = lines.raw(index).lastIndexOf(header);
    if (at !== -1) return { index, start, prefix: '', offset: lines.start(index) + at };
  }
  return { index, start, prefix: '', offset: lines.visibleStart(index) };
}

/**
 * Recognises a block start at line `index`; `bare` views the lines without a
 * prefix and `floor` is the first line not inside an earlier block.
 */
function blockStartAt(lines: TextLines, bare: LineView, index: number, floor: number): BlockStart | null {
  const line = lines.visible(index);
  if (line === '') return null;
  if (line.endsWith(GROUP_HEADER)) {
    const margin = line.slice(0, -GROUP_HEADER.length).trimEnd();
    if (!margin.endsWith('+')) return null;
    // The group's own `  + ` margin is not a prefix; anything before it (`[rank0]:`) is.
    return headerStart(lines, index, margin.slice(0, -1).trimEnd(), GROUP_HEADER, 'group');
  }
  if (line.endsWith(TRACEBACK_HEADER)) {
    return headerStart(lines, index, line.slice(0, -TRACEBACK_HEADER.length), TRACEBACK_HEADER, 'header');
  }
  if (parseFrameLine(line)) return { index, start: 'frames', prefix: '', offset: lines.visibleStart(index) };
  if (isBareGroupAt(bare, index)) return { index, start: 'group-exception', prefix: '', offset: lines.visibleStart(index) };
  // An exception printed without a traceback (a cause that was never raised)
  // is recognisable only by the separator after it: `Exc: msg`, blank, separator.
  if (separatorRelation(line) !== null && index - 2 >= floor && lines.visible(index - 1) === '') {
    const candidate = lines.visible(index - 2);
    if (parseExceptionLine(candidate) && !isForeignLine(candidate)) {
      return { index: index - 2, start: 'exception', prefix: '', offset: lines.visibleStart(index - 2) };
    }
  }
  return null;
}

/** Skips at most `limit` blank lines. */
function skipBlanks(view: LineView, index: number, limit: number): number {
  let at = index;
  while (at - index < limit && view(at) === '') at++;
  return at;
}

/** Reads `blank, separator, blank` after a member and returns how the next member starts, if it does. */
function nextLink(view: LineView, index: number): { relation: ChainRelation; index: number; start: MemberStart } | null {
  const separatorAt = skipBlanks(view, index, 2);
  const separator = view(separatorAt);
  const relation = separator === null ? null : separatorRelation(separator);
  if (relation === null) return null;
  const memberAt = skipBlanks(view, separatorAt + 1, 2);
  const start = memberStartAt(view, memberAt);
  return start === null ? null : { relation, index: memberAt, start };
}

function linked(exception: MemberException, relation: ChainRelation | null): ChainedException {
  return { exceptionClass: exception.exceptionClass, message: exception.message, frames: exception.frames, relation };
}

interface Block {
  chain: ChainedException[];
  final: ChainedException;
  /** Index of the first line after the block. */
  next: number;
}

function parseBlock(view: LineView, first: BlockStart): Block | { failedAt: number } {
  const head = parseMember(view, first.index, first.start);
  if ('failedAt' in head) return head;
  let final = linked(head.exception, null);
  const chain = [final];
  let next = head.next;
  for (let link = nextLink(view, next); link; link = nextLink(view, next)) {
    const member = parseMember(view, link.index, link.start);
    // A member that does not parse ends the chain; what was read so far stands.
    if ('failedAt' in member) break;
    final = linked(member.exception, link.relation);
    chain.push(final);
    next = member.next;
  }
  return { chain, final, next };
}

/**
 * Finds every traceback block in `text`, in order of appearance, without
 * overlaps. Escape sequences and carriage-return redraws are tolerated;
 * offsets and `text` of each block refer to the input as given. Runs in time
 * linear in the input.
 */
export function parseTracebacks(text: string): ParsedTraceback[] {
  const lines = new TextLines(text);
  const bare = viewWithPrefix(lines, '');
  const blocks: ParsedTraceback[] = [];
  let floor = 0;
  let index = 0;
  while (index < lines.count) {
    const first = blockStartAt(lines, bare, index, floor);
    if (!first) {
      index++;
      continue;
    }
    const parsed = parseBlock(viewWithPrefix(lines, first.prefix), first);
    if ('failedAt' in parsed) {
      // The lines read before the failure would fail the same way as block
      // starts; the failing line itself may start one (a new header).
      index = Math.max(parsed.failedAt, index + 1);
      continue;
    }
    const end = lines.end(parsed.next - 1);
    blocks.push({ text: text.slice(first.offset, end), start: first.offset, end, chain: parsed.chain, final: parsed.final });
    index = parsed.next;
    floor = parsed.next;
  }
  return blocks;
}
