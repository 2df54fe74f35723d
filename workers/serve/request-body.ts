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

/** How deeply `value` nests arrays and objects (a scalar is 0), counted without recursion; stops past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const inner = depth + 1;
    deepest = Math.max(deepest, inner);
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, inner]);
  }
  return deepest;
}

/** Reads the whole body; stops reading (and answers too_large) as soon as it passes `limit`. */
function readText(req: IncomingMessage, limit: number): Promise<string | null> {
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
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The request of operation `op`: `{}` for an empty body, else the parsed JSON within the limits. */
export async function readJsonBody(req: IncomingMessage, op: string, limit = maxBodyBytes): Promise<BodyResult> {
  const text = await readText(req, limit);
  if (text === null) return { ok: false, error: tooLarge(`the ${op} request`, limit) };
  if (text === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: { code: 'invalid_request', message: `${op}: the body is not JSON (${(err as Error).message})` } };
  }
  if (nestingDepth(value, maxDepth) > maxDepth) {
    return { ok: false, error: { code: 'too_deep', message: `${op}: the request nests more than ${maxDepth} levels of objects and arrays; no operation needs that many` } };
  }
  return { ok: true, value };
}
