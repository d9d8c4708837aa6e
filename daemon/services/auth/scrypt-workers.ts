import { scrypt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * scrypt on worker threads of lower CPU priority. A login hashes for tens of milliseconds on a whole core; on
 * libuv's pool those threads compete as equals with the thread that answers every other request, so a burst
 * of logins made every read wait for its turn on a core. Here the hashing threads yield to it (Linux nice
 * values are per thread): reads keep their latency, and logins still get every cycle the reads leave.
 */

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

/** How much lower the hashing threads' priority is (nice +10: about a tenth of a busy core's share). */
const NICENESS = 10;

/** A worker idle this long ends (a thread holds some 10 MB); the next login starts one again in milliseconds. */
const IDLE_MS = 5_000;

// Plain CommonJS, evaluated as the worker's code, so the pool needs no file of its own next to this module
// (started without the parent's flags, which could make it read as an ES module).
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try { require('node:os').setPriority(${NICENESS}); } catch {}
parentPort.on('message', ({ id, password, salt, keyLength, params }) => {
  try {
    const key = scryptSync(password, salt, keyLength, params);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Task {
  id: number;
  password: string;
  salt: Uint8Array;
  keyLength: number;
  params: ScryptParams;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  idle: NodeJS.Timeout | null;
}

/** Hashes waiting for a worker: `urgent` ones (logins of known pairs, see login-gate.ts) go first. */
const urgent: Task[] = [];
const queue: Task[] = [];
const slots: Slot[] = [];
let pending = 0;
let peakPending = 0;
let nextId = 1;
let unavailable = false;

function startSlot(): Slot | null {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_CODE, { eval: true, execArgv: [] });
  } catch {
    unavailable = true;
    return null;
  }
  const slot: Slot = { worker, task: null, idle: null };
  worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
    const task = slot.task;
    slot.task = null;
    worker.unref();
    slot.idle = setTimeout(() => retire(slot), IDLE_MS).unref();
    if (task && task.id === message.id) {
      if (message.key) task.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
      else task.reject(new Error(message.error ?? 'scrypt failed'));
    }
    dispatch();
  });
  const fail = (error: Error) => {
    if (slot.idle) clearTimeout(slot.idle);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    slot.task?.reject(error);
    slot.task = null;
    dispatch();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`scrypt worker exited with code ${code}`)));
  // An idle pool never holds the process open; a worker with a hash to finish does (see dispatch).
  worker.unref();
  slots.push(slot);
  return slot;
}

/** Ends an idle worker; it leaves the pool first, so no task can be handed to it meanwhile. */
function retire(slot: Slot): void {
  if (slot.task) return;
  const index = slots.indexOf(slot);
  if (index >= 0) slots.splice(index, 1);
  void slot.worker.terminate();
}

function dispatch(): void {
  while (urgent.length + queue.length > 0) {
    let slot = slots.find((s) => s.task === null);
    if (!slot && slots.length < Math.max(1, availableParallelism())) slot = startSlot() ?? undefined;
    if (!slot) {
      // No worker could start: hash on libuv's pool, as Node does by default.
      if (unavailable && slots.length === 0) for (const task of [...urgent.splice(0), ...queue.splice(0)]) onLibuvPool(task);
      return;
    }
    const task = (urgent.shift() ?? queue.shift())!;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.task = task;
    slot.worker.ref();
    slot.worker.postMessage({ id: task.id, password: task.password, salt: task.salt, keyLength: task.keyLength, params: task.params });
  }
}

function onLibuvPool(task: Task): void {
  scrypt(task.password, task.salt, task.keyLength, task.params, (error, key) => (error ? task.reject(error) : task.resolve(key)));
}

/**
 * scrypt(password, salt) on a low-priority worker thread; the same key as `crypto.scrypt` with `params`. An
 * `urgent` hash is handed to the next free worker before every other one that waits.
 */
export function scryptOnWorker(password: string, salt: Uint8Array, keyLength: number, params: ScryptParams, isUrgent = false): Promise<Buffer> {
  pending++;
  peakPending = Math.max(peakPending, pending);
  const done = () => pending--;
  const hashed = new Promise<Buffer>((resolve, reject) => {
    (isUrgent ? urgent : queue).push({ id: nextId++, password, salt: Uint8Array.from(salt), keyLength, params, resolve, reject });
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
