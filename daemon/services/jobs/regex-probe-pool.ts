import { Worker } from 'node:worker_threads';
import { BusyError } from '../errors.js';
import { PROBE_PATHS } from '../../../shared/rules/purge/match-everything.js';

/**
 * The bounded probe of purge regexes, off the main thread. Each pattern that the static check let through and
 * that is not provably cheap runs on a low-priority worker thread against the match-everything probe paths and
 * against long adversarial paths; a worker still busy after the time limit is terminated (V8 stops a regex
 * between backtracking steps) and the pattern refused. The thread that answers requests only posts messages.
 *
 * Fair shares: each user has at most one probe running and two waiting; the next probe to run is taken from
 * the users in turn, so one user's flood delays another user's purge by at most one probe. A user over the
 * share gets 429, a full queue 503, both with Retry-After.
 */

export const REGEX_PROBE_LIMIT_MS = 100;
/** Workers at most: one user holds at most one of them. */
const WORKERS = 2;
const PER_USER_WAITING = 2;
const MAX_WAITING = 64;
const NICENESS = 10;
const IDLE_MS = 10_000;

/** Long paths of one repeated filler, where a badly backtracking pattern takes (at least) cubic time. */
export const HOSTILE_PATHS: readonly string[] = ['a', 'A', '0', '.', '-', '_', '%2', 'ab', 'a.', '0.', '=&', 'a-', 'a0']
  .map((filler) => `/${filler.repeat(Math.ceil(1024 / filler.length))}`);

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(${NICENESS}); } catch {}
parentPort.on('message', ({ id, source, flags }) => {
  parentPort.postMessage({ id, started: true });
  try {
    const re = new RegExp(source, flags.replace(/[gy]/g, ''));
    const all = workerData.probe.every((p) => p === '/' || re.test(p));
    for (const p of workerData.hostile) re.test(p);
    parentPort.postMessage({ id, matchesEverything: all });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

export type ProbeOutcome = { matchesEverything: boolean } | { tooComplex: true };

interface Task {
  id: number;
  owner: string;
  source: string;
  flags: string;
  limitMs: number;
  resolve: (outcome: ProbeOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}


const waiting = new Map<string, Task[]>();
const running = new Set<string>();
const slots: Slot[] = [];
let turn: string[] = [];
let nextId = 1;

const waitingCount = () => [...waiting.values()].reduce((n, list) => n + list.length, 0);

function settle(slot: Slot, outcome: ProbeOutcome | Error): void {
  const task = slot.task;
  if (!task) return;
  if (slot.timer) clearTimeout(slot.timer);
  slot.task = null;
  slot.timer = null;
  running.delete(task.owner);
  if (outcome instanceof Error) task.reject(outcome);
  else task.resolve(outcome);
}

function drop(slot: Slot): void {
  const index = slots.indexOf(slot);
  if (index >= 0) slots.splice(index, 1);
  if (slot.idle) clearTimeout(slot.idle);
}

function startSlot(): Slot {
  const worker = new Worker(WORKER_CODE, { eval: true, execArgv: [], workerData: { probe: PROBE_PATHS, hostile: HOSTILE_PATHS } });
  const slot: Slot = { worker, task: null, timer: null, idle: null };
  worker.on('message', (m: { id: number; started?: true; matchesEverything?: boolean; error?: string }) => {
    const task = slot.task;
    if (!task || task.id !== m.id) return;
    if (m.started) {
      // The limit counts from the moment the worker has the pattern: starting a thread is not the pattern's time.
      slot.timer = setTimeout(() => {
        drop(slot);
        settle(slot, { tooComplex: true });
        void worker.terminate();
        dispatch();
      }, task.limitMs);
      return;
    }
    settle(slot, m.error !== undefined ? new Error(m.error) : { matchesEverything: m.matchesEverything === true });
    worker.unref();
    slot.idle = setTimeout(() => {
      drop(slot);
      void worker.terminate();
    }, IDLE_MS).unref();
    dispatch();
  });
  const fail = (error: Error) => {
    drop(slot);
    settle(slot, error);
    dispatch();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('regex probe worker exited')));
  worker.unref();
  slots.push(slot);
  return slot;
}

/** The next task, taking users in turn and skipping those with a probe already running. */
function nextTask(): Task | null {
  for (let i = 0; i < turn.length; i++) {
    const owner = turn[i];
    const list = waiting.get(owner);
    if (!list || list.length === 0 || running.has(owner)) continue;
    turn = [...turn.slice(i + 1), ...turn.slice(0, i + 1)];
    const task = list.shift()!;
    if (list.length === 0) {
      waiting.delete(owner);
      turn = turn.filter((o) => o !== owner);
    }
    return task;
  }
  return null;
}

function dispatch(): void {
  for (;;) {
    let slot = slots.find((s) => s.task === null);
    if (!slot && slots.length < WORKERS) slot = startSlot();
    if (!slot) return;
    const task = nextTask();
    if (!task) return;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.task = task;
    running.add(task.owner);
    slot.worker.ref();
    slot.worker.postMessage({ id: task.id, source: task.source, flags: task.flags });
  }
}

/**
 * Throws the 429 BusyError when `owner` already has a probe running and its waiting share full. Cheap: the
 * purge route asks first, so that a flood by one user is refused before any other work.
 */
export function refuseOverShare(owner: string): void {
  const mine = (waiting.get(owner)?.length ?? 0) + (running.has(owner) ? 1 : 0);
  if (mine > PER_USER_WAITING) {
    throw new BusyError(429, 'regex: too many purge regex checks of yours are in progress; try again in a moment', 1);
  }
}

/**
 * Probes `regex` on a worker for `owner` (the user): whether it matches every probe path, or that it is too
 * complex (it outran the limit). Throws BusyError when the owner's share or the queue is full.
 */
export function probeOffThread(regex: RegExp, owner: string, limitMs = REGEX_PROBE_LIMIT_MS): Promise<ProbeOutcome> {
  try {
    refuseOverShare(owner);
  } catch (error) {
    return Promise.reject(error);
  }
  if (waitingCount() >= MAX_WAITING) {
    return Promise.reject(new BusyError(503, 'regex: the purge regex checks are busy; try again in a moment', 1));
  }
  return new Promise((resolve, reject) => {
    const list = waiting.get(owner) ?? [];
    if (list.length === 0) {
      waiting.set(owner, list);
      turn.push(owner);
    }
    list.push({ id: nextId++, owner, source: regex.source, flags: regex.flags, limitMs, resolve, reject });
    dispatch();
  });
}
