/**
 * The Compare screen's URL parameters: `a` and `b`, each `<rollout>:<path>:<version>` with
 * every part URL-encoded (so a `:` or `/` inside a rollout id or path cannot split it).
 */
import type { RequestOf } from '../../../common/contract';

/** One side of a comparison: a program version of a rollout, as `programs.get` asks for it. */
export type ProgramSide = RequestOf<'programs.get'>;

/** The sides a Compare URL names; either may be absent. */
export interface CompareSides {
  a: ProgramSide | null;
  b: ProgramSide | null;
}

/** `<rollout>:<path>:<version>` with each part URL-encoded. */
export function formatSide(side: ProgramSide): string {
  return `${encodeURIComponent(side.rollout)}:${encodeURIComponent(side.path)}:${side.version}`;
}

/** Reads a still-encoded `<rollout>:<path>:<version>`; null when it is not one. */
export function parseSide(raw: string): ProgramSide | null {
  const parts = raw.split(':');
  const version = parts.pop();
  const rollout = parts.shift();
  // A path typed with a bare colon still reads as one path.
  const path = parts.join(':');
  if (rollout === undefined || rollout === '' || path === '' || version === undefined || !/^\d+$/.test(version)) return null;
  try {
    return { rollout: decodeURIComponent(rollout), path: decodeURIComponent(path), version: Number(version) };
  } catch {
    return null;
  }
}

/**
 * The sides of a raw (undecoded) query string such as `a=r-1:train.py:0&b=r-1:train.py:1`.
 * It is split by hand: URLSearchParams would decode the parts' escapes before the split.
 */
export function parseSides(query: string): CompareSides {
  const sides: CompareSides = { a: null, b: null };
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    const key = at === -1 ? pair : pair.slice(0, at);
    if (key === 'a' || key === 'b') sides[key] = parseSide(pair.slice(at + 1));
  }
  return sides;
}

/** The query (with its `?`) for the given sides, or '' when neither is set. */
export function formatSides({ a, b }: CompareSides): string {
  const params = [a && `a=${formatSide(a)}`, b && `b=${formatSide(b)}`].filter((p) => p !== null);
  return params.length === 0 ? '' : `?${params.join('&')}`;
}
