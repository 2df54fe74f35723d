/**
 * A person's sign-in secret: random, shown once in their link, stored only as its SHA-256 (the
 * secret has 192 random bits, so a slow hash would add nothing), and compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The entry whose hash is the presented secret's, comparing every entry in constant time so the time taken says nothing of which matched. */
export function matchSecret<T extends { tokenHash: string | null }>(secret: string, entries: readonly T[]): T | undefined {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  let found: T | undefined;
  for (const entry of entries) {
    if (entry.tokenHash === null) continue;
    const stored = Buffer.from(entry.tokenHash, 'hex');
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) found = entry;
  }
  return found;
}
