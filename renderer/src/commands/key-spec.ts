/**
 * Key specs: how a command names the keys that run it. A spec is the `KeyboardEvent.key` the
 * key produces (`j`, `S`, `?`, `ArrowDown`, `Enter`), optionally after `Mod+` (Ctrl, or Cmd on
 * a Mac) or `Alt+`. A printable key's shift is part of the character it produces (`S` is
 * Shift+S), so only named keys take a `Shift+` prefix.
 */

/** What a key event carries that a spec can match. */
export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

interface ParsedSpec {
  key: string;
  mod: boolean;
  alt: boolean;
  shift: boolean;
}

const modifiers = ['Mod', 'Alt', 'Shift'] as const;

/** Splits `Mod+Shift+K` into its modifiers and key; `+` alone or after a `+` (`Mod++`) is the plus key. */
function parse(spec: string): ParsedSpec {
  const parts = spec === '+' ? ['+'] : spec.endsWith('++') ? [...spec.slice(0, -2).split('+'), '+'] : spec.split('+');
  const key = parts[parts.length - 1]!;
  const mods = parts.slice(0, -1);
  for (const m of mods)
    if (!(modifiers as readonly string[]).includes(m)) throw new Error(`key spec "${spec}": "${m}" is not a modifier (${modifiers.join(', ')})`);
  if (key === '') throw new Error(`key spec "${spec}" names no key`);
  if (mods.includes('Shift') && key.length === 1) throw new Error(`key spec "${spec}": write the shifted character itself (e.g. "S", "?")`);
  return { key, mod: mods.includes('Mod'), alt: mods.includes('Alt'), shift: mods.includes('Shift') };
}

/** Whether `event` is the key `spec` names. `mac` decides whether Mod is Cmd or Ctrl. */
export function matchesKey(spec: string, event: KeyEventLike, mac: boolean): boolean {
  const want = parse(spec);
  const mod = mac ? event.metaKey : event.ctrlKey;
  const stray = mac ? event.ctrlKey : event.metaKey;
  if (want.mod !== mod || stray || want.alt !== event.altKey) return false;
  if (want.key.length === 1) return event.key.toLowerCase() === want.key.toLowerCase() && (want.mod || want.alt || event.key === want.key);
  return event.key === want.key && want.shift === event.shiftKey;
}

const names: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  ' ': 'Space',
  PageDown: 'Page Down',
  PageUp: 'Page Up',
};

/** How a spec reads on screen: `Ctrl+K` (or `⌘K` on a Mac), `Shift+S`, `↓`, `Esc`. */
export function keyLabel(spec: string, mac: boolean): string {
  const { key, mod, alt, shift } = parse(spec);
  const upper = key.length === 1 && key !== key.toLowerCase();
  const shown = names[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  const letter = key.length === 1 && !mod && !alt && !upper ? key : shown;
  const parts: string[] = [];
  if (mod) parts.push(mac ? '⌘' : 'Ctrl');
  if (alt) parts.push(mac ? '⌥' : 'Alt');
  if (shift || upper) parts.push(mac ? '⇧' : 'Shift');
  parts.push(letter);
  return mac ? parts.join('') : parts.join('+');
}

/** Whether this renderer runs on a Mac, where Mod is Cmd. */
export function onMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}
