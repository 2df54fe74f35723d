/**
 * Reading an API request's JSON body within stated limits: a body over `maxBytes` and a value
 * nested deeper than `maxDepth` get their own typed errors (too_large, too_deep) before any
 * of it reaches the worker, where validating or cloning it could overflow the stack.
 */
import type { IncomingMessage } from 'node:http';
import type { ApiErrorData } from '../../common/errors';

/** API bodies above this are refused with 413; imports upload files through /upload instead. */
export const maxBodyBytes = 8 * 1024 * 1024;
/** No operation's request nests deeper than a few levels; this leaves room and stops hostile input. */
export const maxDepth = 32;

export type BodyResult = { ok: true; value: unknown } | { ok: false; error: ApiErrorData };

export function tooLarge(what: string, limit: number): ApiErrorData {
  return { code: 'too_large', message: `${what} is larger than ${limit} bytes, the most this server accepts` };
}

/**
 * How deeply `value` nests arrays and objects (a scalar is 0), counted without recursion and
 * stopping past `limit`, and the path of the first own `__proto__` key: JSON.parse keeps it
 * as a field, but any copy of the request (validation, the clone to the worker) would drop it
 * or turn it into a prototype, so it is refused where it enters.
 */
export function inspectShape(value: unknown, limit: number): { depth: number; protoAt: string | null } {
  let depth = 0;
  // Each container keeps how it was reached; its path is spelled out only for the one reported.
  const stack: Reached[] = isContainer(value) ? [{ item: value as object, level: 0, key: '', up: null }] : [];
  while (stack.length > 0) {
    const reached = stack.pop()!;
    const { item } = reached;
    const inner = reached.level + 1;
    depth = Math.max(depth, inner);
    if (depth > limit) return { depth, protoAt: null };
    if (Object.prototype.hasOwnProperty.call(item, '__proto__')) return { depth, protoAt: `${pathOf(reached)}__proto__` };
    // Only objects and arrays go on the stack: a list of millions of scalars costs one pass, no allocation.
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) if (isContainer(item[i])) stack.push({ item: item[i] as object, level: inner, key: i, up: reached });
    } else {
      for (const key of Object.keys(item)) {
        const child = (item as Record<string, unknown>)[key];
        if (isContainer(child)) stack.push({ item: child as object, level: inner, key, up: reached });
      }
    }
  }
  return { depth, protoAt: null };
}

interface Reached {
  item: object;
  level: number;
  key: string | number;
  up: Reached | null;
}

/** `a.0.b.` for the container reached through key `b` of element 0 of field `a`. */
function pathOf(reached: Reached): string {
  let path = '';
  for (let at: Reached | null = reached; at?.up; at = at.up) path = `${at.key}.${path}`;
  return path;
}

function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** Reads the whole body; stops reading (and answers null) as soon as it passes `limit`. */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      // Drained, not destroyed: the client gets the 413 instead of a reset mid-upload.
      req.resume();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The request of operation `op` from its body's text: `{}` for an empty body, else the parsed JSON within the depth limit. */
export function parseJsonBody(op: string, text: string): BodyResult {
  if (text === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: { code: 'invalid_request', message: `${op}: the body is not JSON (${(err as Error).message})` } };
  }
  const shape = inspectShape(value, maxDepth);
  if (shape.depth > maxDepth) {
    return {
      ok: false,
      error: { code: 'too_deep', message: `${op}: the request nests more than ${maxDepth} levels of objects and arrays; no operation needs that many` },
    };
  }
  if (shape.protoAt !== null) {
    return {
      ok: false,
      error: {
        code: 'invalid_request',
        message: `${op}: ${shape.protoAt}: "__proto__" names nothing in the workbench`,
        details: { issues: [{ field: shape.protoAt, message: 'not a name of the domain' }] },
      },
    };
  }
  return { ok: true, value };
}

/** Checks a large body away from the thread that answers every other request (see BodyThread). */
export type CheckLargeBody = (op: string, bytes: Buffer) => Promise<BodyResult>;

/** Bodies at least this long are parsed by `checkLarge`: below it, parsing takes a few milliseconds, less than the hop to a thread. */
export const largeBodyBytes = 256 * 1024;

/**
 * The request of operation `op`: `{}` for an empty body, else the parsed JSON within the
 * limits; a body of `largeBodyBytes` or more goes to `checkLarge` when there is one.
 */
export async function readJsonBody(req: IncomingMessage, op: string, limit = maxBodyBytes, checkLarge?: CheckLargeBody): Promise<BodyResult> {
  const bytes = await readBytes(req, limit);
  if (bytes === null) return { ok: false, error: tooLarge(`the ${op} request`, limit) };
  if (checkLarge && bytes.length >= largeBodyBytes) return checkLarge(op, bytes);
  return parseJsonBody(op, bytes.toString('utf8'));
}
