import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../workers/test-support/temp-dir';
import { ApiKeyStore } from './api-key-store';
import { safeStorageState } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

const key = 'sk-ant-test-0123456789';
const tempDir = useTempDir();
const platform = process.platform;
let file: string;

beforeEach(() => {
  file = join(tempDir(), 'api-key.bin');
  // The basic_text rule is Linux's; pin the platform so the test means the same everywhere.
  Object.defineProperty(process, 'platform', { value: 'linux' });
});
afterEach(() => {
  Object.defineProperty(process, 'platform', { value: platform });
  Object.assign(safeStorageState, { available: true, backend: 'gnome_libsecret' });
});

describe('the key store with a real keyring', () => {
  it('keeps the key encrypted on disk and reads it back in a later session', () => {
    expect(new ApiKeyStore(file).save(key)).toBe('safe-storage');
    expect(readFileSync(file).toString('utf8')).not.toContain(key);
    expect(new ApiKeyStore(file).load()).toBe(key);
  });

  it('replaces the stored key and forgets it on clear', () => {
    const store = new ApiKeyStore(file);
    store.save(key);
    store.save(`${key}-2`);
    expect(store.load()).toBe(`${key}-2`);
    store.clear();
    expect(existsSync(file)).toBe(false);
    expect(store.load()).toBeNull();
  });

  it("answers null, with a warning, for a file it cannot decrypt (another user's or machine's)", () => {
    writeFileSync(file, Buffer.from('not encrypted here'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(new ApiKeyStore(file).load()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be decrypted'));
    warn.mockRestore();
  });
});

describe('the key store without a real keyring', () => {
  for (const [name, state] of [
    ['basic_text (a fixed password)', { available: true, backend: 'basic_text' }],
    ['no encryption at all', { available: false, backend: 'unknown' }],
  ] as const) {
    it(`keeps nothing on disk with ${name}: the key lasts for the session only`, () => {
      Object.assign(safeStorageState, state);
      const store = new ApiKeyStore(file);
      expect(store.persistent).toBe(false);
      expect(store.save(key)).toBe('session');
      expect(existsSync(file)).toBe(false);
      expect(store.load()).toBeNull();
    });

    it(`removes a key stored earlier with a keyring and does not read it with ${name}`, () => {
      new ApiKeyStore(file).save(key);
      Object.assign(safeStorageState, state);
      const store = new ApiKeyStore(file);
      expect(store.load()).toBeNull();
      store.save(`${key}-2`);
      expect(existsSync(file)).toBe(false);
    });
  }
});
