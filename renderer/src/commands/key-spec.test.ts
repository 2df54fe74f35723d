import { describe, expect, it } from 'vitest';
import { keyLabel, matchesKey, type KeyEventLike } from './key-spec';

const press = (key: string, mods: Partial<Omit<KeyEventLike, 'key'>> = {}): KeyEventLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('matchesKey', () => {
  it('tells a letter from its shifted capital', () => {
    expect(matchesKey('s', press('s'), false)).toBe(true);
    expect(matchesKey('s', press('S', { shiftKey: true }), false)).toBe(false);
    expect(matchesKey('S', press('S', { shiftKey: true }), false)).toBe(true);
    expect(matchesKey('S', press('s'), false)).toBe(false);
  });

  it('takes a shifted symbol as the character it types', () => {
    expect(matchesKey('?', press('?', { shiftKey: true }), false)).toBe(true);
    expect(matchesKey('/', press('/'), false)).toBe(true);
  });

  it('keeps plain keys from firing with Ctrl or Cmd held, and Mod keys without', () => {
    expect(matchesKey('k', press('k', { ctrlKey: true }), false)).toBe(false);
    expect(matchesKey('Mod+k', press('k'), false)).toBe(false);
    expect(matchesKey('Mod+k', press('k', { ctrlKey: true }), false)).toBe(true);
    expect(matchesKey('Mod+k', press('K', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
  });

  it('reads Mod as Cmd on a Mac and Ctrl elsewhere', () => {
    expect(matchesKey('Mod+k', press('k', { metaKey: true }), true)).toBe(true);
    expect(matchesKey('Mod+k', press('k', { ctrlKey: true }), true)).toBe(false);
    expect(matchesKey('Mod+k', press('k', { metaKey: true }), false)).toBe(false);
  });

  it('matches named keys with their Shift exactly', () => {
    expect(matchesKey('ArrowDown', press('ArrowDown'), false)).toBe(true);
    expect(matchesKey('ArrowDown', press('ArrowDown', { shiftKey: true }), false)).toBe(false);
    expect(matchesKey('Shift+Enter', press('Enter', { shiftKey: true }), false)).toBe(true);
    expect(matchesKey('Shift+Enter', press('Enter'), false)).toBe(false);
  });

  it('refuses specs it cannot match', () => {
    expect(() => matchesKey('Ctrl+k', press('k'), false)).toThrow(/"Ctrl" is not a modifier/);
    expect(() => matchesKey('Shift+s', press('S'), false)).toThrow(/shifted character itself/);
    expect(() => matchesKey('Mod+', press('+'), false)).toThrow(/names no key/);
    expect(matchesKey('Mod++', press('+', { ctrlKey: true }), false)).toBe(true);
    expect(matchesKey('+', press('+'), false)).toBe(true);
  });
});

describe('keyLabel', () => {
  it('names keys the way the platform writes them', () => {
    expect(keyLabel('Mod+k', false)).toBe('Ctrl+K');
    expect(keyLabel('Mod+k', true)).toBe('⌘K');
    expect(keyLabel('S', false)).toBe('Shift+S');
    expect(keyLabel('S', true)).toBe('⇧S');
    expect(keyLabel('j', false)).toBe('j');
    expect(keyLabel('ArrowDown', false)).toBe('↓');
    expect(keyLabel('Escape', false)).toBe('Esc');
    expect(keyLabel('?', false)).toBe('?');
  });
});
