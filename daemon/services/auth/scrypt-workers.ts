import { scrypt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/**
 * scrypt on worker threads of lower CPU priority. A login hashes for tens of milliseconds on a whole core; on
 * libuv's pool those threads compete as equals with the thread that answers every other request, so a burst
 * of logins made every read wait for its turn on a core. Here the hashing threads yield to it (Linux nice
 * values are per thread, set by scrypt-worker.mjs): reads keep their latency, and logins still get every cycle
 * the reads leave. The threads are piscina's; this module keeps the order (urgent hashes first).
 */

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

/** A worker idle this long ends (a thread holds some 10 MB); the next login starts one again in milliseconds. */
const IDLE_MS = 5_000;
const THREADS = Math.max(1, availableParallelism());

interface Task {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  params: ScryptParams;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

/** Hashes waiting for a worker: `urgent` ones (logins of known pairs, see login-gate.ts) go first. */
const urgent: Task[] = [];
const queue: Task[] = [];
let running = 0;
let pending = 0;
let peakPending = 0;
let pool: Piscina | null | undefined;

/** The pool, started on the first hash; null when no worker can start (hashes then go to libuv's pool). */
function workers(): Piscina | null {
  if (pool !== undefined) return pool;
  try {
    // No thread starts before the first hash (minThreads 0), and an idle pool never holds the process open.
    const filename = fileURLToPath(new URL('./scrypt-worker.mjs', import.meta.url));
    pool = new Piscina({ filename, minThreads: 0, maxThreads: THREADS, idleTimeout: IDLE_MS, execArgv: [] });
  } catch {
    pool = null;
  }
  return pool;
}

function onLibuvPool(task: Task): void {
  scrypt(task.password, task.salt, task.keyLength, task.params, (error, key) =>
    error ? task.reject(error) : task.resolve(key),
  );
}

/** Hands waiting hashes to free threads, urgent ones first; the rest wait here, where their order is kept. */
function dispatch(): void {
  while (running < THREADS && urgent.length + queue.length > 0) {
    const task = (urgent.shift() ?? queue.shift())!;
    const threads = workers();
    if (!threads) {
      onLibuvPool(task);
      continue;
    }
    running++;
    const { password, salt, keyLength, params } = task;
    threads
      .run({ password, salt, keyLength, params })
      .then(
        (key: Uint8Array) => task.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength)),
        (error: unknown) => task.reject(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        running--;
        dispatch();
      });
  }
}

/**
 * scrypt(password, salt) on a low-priority worker thread; the same key as `crypto.scrypt` with `params`. An
 * `urgent` hash is handed to the next free worker before every other one that waits.
 */
export function scryptOnWorker(
  password: string,
  salt: Uint8Array,
  keyLength: number,
  params: ScryptParams,
  isUrgent = false,
): Promise<Buffer> {
  pending++;
  peakPending = Math.max(peakPending, pending);
  const done = () => pending--;
  const hashed = new Promise<Buffer>((resolve, reject) => {
    (isUrgent ? urgent : queue).push({ password, salt: Uint8Array.from(salt), keyLength, params, resolve, reject });
    dispatch();
  });
  hashed.then(done, done);
  return hashed;
}

/** The most hashes waiting or running at once since the last call (which starts a new count from now). */
export function takePeakPending(): number {
  const peak = peakPending;
  peakPending = pending;
  return peak;
}
