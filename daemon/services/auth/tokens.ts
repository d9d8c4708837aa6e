import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret of 256 bits, URL-safe: session ids and registration/reset tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps instead of a secret: its SHA-256, so a stolen database yields no live session. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
