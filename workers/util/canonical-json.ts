import { hash } from 'node:crypto';

/** JSON with object keys sorted, so equal records hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  return write(value, false, 0) as string;
}

/**
 * The identity of a bundle record, wherever one is written (import, or made in the app): the
 * sha256 of its canonical JSON with null-valued fields dropped, since `"score": null` and no
 * score say the same thing and an export writes the shorter form. Equal hashes make a
 * re-import a duplicate; a different hash under the same id is a conflict.
 */
export function recordHash(record: object): string {
  return hash('sha256', write(record, true, 0) as string, 'hex');
}

/** An object's keys in the order its canonical JSON writes them, with each key already quoted. */
interface KeyOrder {
  keys: string[];
  order: string[];
  quoted: string[];
}

/**
 * Key orders seen, by key list. The canonical JSON of a million records is mostly a handful
 * of shapes, so sorting and quoting each shape's keys once is most of what makes it cheap.
 */
const orders = new Map<string, KeyOrder>();
const ordersMax = 4096;
/** The order used last at each nesting depth: the common case needs no lookup at all. */
const lastOrders: (KeyOrder | undefined)[] = [];

function keyOrder(keys: string[], depth: number): KeyOrder {
  const last = lastOrders[depth];
  if (last !== undefined && sameKeys(last.keys, keys)) return last;
  const id = keys.join('\u0000');
  let found = orders.get(id);
  // Keys holding U+0000 could share an id with other keys: checked, not trusted.
  if (found === undefined || !sameKeys(found.keys, keys)) {
    const order = sortedKeys(keys);
    found = { keys, order, quoted: order.map((k) => `${JSON.stringify(k)}:`) };
    if (orders.size >= ordersMax) orders.clear();
    orders.set(id, found);
  }
  lastOrders[depth] = found;
  return found;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Keys sorted as the canonical form has always had them: sorted, then written from a fresh
 * object, which lists array-index keys ("0", "17") first in numeric order. Object.keys
 * already lists those first, in that order.
 */
function sortedKeys(keys: readonly string[]): string[] {
  let indexKeys = 0;
  while (indexKeys < keys.length && isArrayIndex(keys[indexKeys]!)) indexKeys += 1;
  return [...keys.slice(0, indexKeys), ...keys.slice(indexKeys).sort()];
}

function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/**
 * The canonical JSON of `value`: what JSON.stringify writes for a copy with every object's
 * keys sorted, undefined fields (and, with `dropNulls`, null ones) left out, written
 * directly instead of through that copy. undefined for a value JSON leaves out (a function).
 */
function write(value: unknown, dropNulls: boolean, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'bigint':
      // Throws, as JSON.stringify does.
      return JSON.stringify(value);
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i], dropNulls, depth + 1) ?? 'null';
    }
    return out + ']';
  }
  const { order, quoted } = keyOrder(Object.keys(value), depth);
  let out = '{';
  let separator = '';
  for (let i = 0; i < order.length; i++) {
    const key = order[i]!;
    const v = (value as Record<string, unknown>)[key];
    // Assigning __proto__ to the sorted copy set its prototype instead of a field: never written.
    if (v === undefined || (dropNulls && v === null) || key === '__proto__') continue;
    const json = write(v, dropNulls, depth + 1);
    if (json === undefined) continue;
    out += separator;
    out += quoted[i];
    out += json;
    separator = ',';
  }
  return out + '}';
}
