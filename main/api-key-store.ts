/**
 * The model API key in the OS's safe storage (Keychain, DPAPI, or the Secret Service on
 * Linux): the file holds only what `safeStorage` encrypted, so the key is never on disk in
 * clear, and never in the corpus.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { safeStorage } from 'electron';

/** Where a key set in the app lives: encrypted by the OS, or in memory until the app quits. */
export type KeyStorage = 'safe-storage' | 'session';

export class ApiKeyStore {
  constructor(private readonly file: string) {}

  /**
   * Whether the OS can keep the key encrypted. Linux without a keyring falls back to
   * Chromium's `basic_text`, a fixed password, which is no protection: such a key is kept
   * for the session only.
   */
  get persistent(): boolean {
    if (!safeStorage.isEncryptionAvailable()) return false;
    return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
  }

  /** The stored key, or null when there is none or it cannot be decrypted (another user's or machine's). */
  load(): string | null {
    if (!this.persistent || !existsSync(this.file)) return null;
    try {
      return safeStorage.decryptString(readFileSync(this.file));
    } catch (err) {
      console.warn(`main: the stored API key could not be decrypted (${(err as Error).message}); set it again in Settings`);
      return null;
    }
  }

  /** Keeps `key` encrypted when the OS can, replacing any stored one; says where it went. */
  save(key: string): KeyStorage {
    if (!this.persistent) {
      this.clear();
      return 'session';
    }
    // Written whole then renamed, so a crash leaves the old key or the new one, never half.
    const partial = `${this.file}.partial`;
    writeFileSync(partial, safeStorage.encryptString(key), { mode: 0o600 });
    renameSync(partial, this.file);
    return 'safe-storage';
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
