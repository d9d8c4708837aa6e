import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretAddress, SecretKind } from '../../store/keystore.js';

export type { SecretAddress, SecretKind };

export const MASTER_KEY_BYTES = 32;
const FORMAT = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value does not open: the wrong master key, a tampered value, or one moved elsewhere. */
export class SealError extends Error {
  constructor(what: string) {
    super(`${what} does not open: it was sealed under another master key, or for another record, or was altered`);
    this.name = 'SealError';
  }
}

/**
 * The authenticated data of a secret: AES-GCM checks it on opening, so a ciphertext copied to another delivery
 * service, kind or version does not open there.
 */
export function additionalData(address: SecretAddress): Buffer {
  return Buffer.from(`cdnctl-vault/1\u0000${address.kind}\u0000${address.owner}\u0000${address.version}`, 'utf8');
}

/** AES-256-GCM: format byte, 12-byte random nonce, 16-byte tag, then the ciphertext. */
export function seal(masterKey: Buffer, aad: Buffer, plaintext: Buffer): Buffer {
  if (masterKey.length !== MASTER_KEY_BYTES) throw new Error('the master key must be 32 bytes');
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, nonce);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT]), nonce, cipher.getAuthTag(), body]);
}

/** Opens what `seal` made with the same key and authenticated data; throws SealError otherwise. */
export function open(masterKey: Buffer, aad: Buffer, sealed: Buffer, what = 'a sealed secret'): Buffer {
  if (sealed.length < 1 + NONCE_BYTES + TAG_BYTES || sealed[0] !== FORMAT) throw new SealError(what);
  const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
  const tag = sealed.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKey, nonce);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealError(what);
  }
}

/** The value sealed to prove a master key is the one the store was sealed with. */
export const KEY_CHECK_AAD = Buffer.from('cdnctl-vault/1\u0000key-check', 'utf8');

/** A fresh key check sealed under `masterKey`. */
export function newMasterKeyCheck(masterKey: Buffer): Buffer {
  return seal(masterKey, KEY_CHECK_AAD, randomBytes(16));
}
