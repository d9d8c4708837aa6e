import { randomBytes, timingSafeEqual } from 'node:crypto';
import { scryptOnWorker } from './scrypt-workers.js';

/** Traffic Ops' scrypt parameters: N=16384, r=8, p=1, a 64-byte key and a 16-byte random salt. */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scrypt(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  keyLength: number,
  urgent = false,
): Promise<Buffer> {
  // maxmem must exceed 128·N·r; the hash runs on a low-priority worker thread, so reads keep flowing meanwhile.
  return scryptOnWorker(password, salt, keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, urgent);
}

/** Hashes a password as `SCRYPT:16384:8:1:<b64 salt>:<b64 key>`, the format Traffic Ops stores. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, N, R, P, KEY_LENGTH);
  return `SCRYPT:${N}:${R}:${P}:${salt.toString('base64')}:${key.toString('base64')}`;
}

/** The parts of a stored hash, or null when it is not in the SCRYPT format. */
export function parseScryptHash(hash: string): { n: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const parts = hash.split(':');
  if (parts.length !== 6 || parts[0] !== 'SCRYPT') return null;
  const [n, r, p] = parts.slice(1, 4).map((x) => Number(x));
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0)) return null;
  if (n > 1 << 20 || r > 64 || p > 16) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const key = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { n, r, p, salt, key };
}

/**
 * Checks a password against a stored hash in constant time; a malformed or missing hash never matches. An
 * `urgent` check goes ahead of the hashes waiting for a worker (a known pair's login during a flood).
 */
export async function verifyPassword(password: string, hash: string | null, urgent = false): Promise<boolean> {
  if (!hash) return false;
  const parsed = parseScryptHash(hash);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.key.length, urgent);
  return timingSafeEqual(key, parsed.key);
}

/** A hash that never matches, verified against when a username is unknown so timing does not reveal it. */
export const DUMMY_HASH = `SCRYPT:${N}:${R}:${P}:${Buffer.alloc(SALT_LENGTH).toString('base64')}:${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
