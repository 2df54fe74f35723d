/**
 * Quoting for the few places a POSIX shell must read a value (the remote side of ssh, which
 * joins its arguments into one string for the login shell). Everything else is spawned with
 * argument arrays and never sees a shell.
 */

/** A word a POSIX shell reads back as exactly `value`: left bare when that is safe, else single-quoted. */
export function shQuote(value: string): string {
  if (value !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A command line of quoted words. */
export function shJoin(words: readonly string[]): string {
  return words.map(shQuote).join(' ');
}
