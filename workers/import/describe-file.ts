/**
 * What a file that no importer recognised looks like, said without quoting it (issue 18,
 * item 7): the file may be anything (a password file, a key), so only its shape is named:
 * JSON object or array and its keys when they look like field names, a zip and its
 * entries, JSON Lines, text or binary, gzipped or not.
 */
import type { Shape } from './json-shape';
import type { FileProbe } from './probe-file';

/** Keys shown at most. */
const shownKeys = 12;
/** A key that is a field name (not data that happens to sit in key position). */
const fieldName = /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/;

export function describeUnrecognised(probe: FileProbe): string {
  const gz = probe.gzipped ? 'gzipped ' : '';
  if (probe.container === 'zip') return describeZip(probe.entries);
  if (probe.container === 'binary') return `${gz}binary data, not text`;
  const value = probe.value;
  if (value?.kind === 'object') {
    const keys = fieldKeys(value);
    const shape = probe.lines ? `${gz}JSON Lines whose first object has` : `a ${gz}JSON object with`;
    return `${shape} ${keys.length === 0 ? 'no keys a format uses' : `keys ${keys.join(', ')}`}`;
  }
  if (value?.kind === 'array') {
    const keys = fieldKeys(value.items[0]);
    return keys.length === 0 ? `a ${gz}JSON array` : `a ${gz}JSON array of objects with keys ${keys.join(', ')}`;
  }
  return `${gz}text that is not JSON`;
}

function describeZip(entries: readonly string[] | null): string {
  if (entries === null) return 'a zip archive that cannot be read';
  const names = entries.filter((n) => /^[\w./-]{1,80}$/.test(n));
  const shown = names.slice(0, shownKeys).join(', ');
  return `a zip archive holding ${entries.length} entries${shown ? ` (${shown}${names.length > shownKeys ? ', ...' : ''})` : ''}`;
}

/** The keys of an object, in order, field-like ones only. */
function fieldKeys(shape: Shape | undefined): string[] {
  if (shape?.kind !== 'object') return [];
  return [...shape.keys.keys()].filter((k) => fieldName.test(k)).slice(0, shownKeys);
}
