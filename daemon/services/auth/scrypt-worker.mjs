// The scrypt pool's worker (scrypt-workers.ts runs it through piscina). Plain JavaScript, so that the same file
// serves the built daemon (tsc copies it to dist/) and the TypeScript sources under vitest: a worker thread
// loads its module with Node's own loader, which does not read TypeScript.
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';

/** How much lower the hashing threads' priority is (nice +10: about a tenth of a busy core's share). */
const NICENESS = 10;

try {
  // Without a pid, Linux sets the nice value of the calling thread only: this worker's.
  setPriority(NICENESS);
} catch {
  // Not permitted or not supported: hash at the normal priority.
}

/** One hash: the same key as `crypto.scrypt(password, salt, keyLength, params)`. */
export default function hash({ password, salt, keyLength, params }) {
  return new Uint8Array(scryptSync(password, salt, keyLength, params));
}
