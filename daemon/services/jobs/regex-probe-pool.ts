import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { BusyError } from '../errors.js';
import { PROBE_PATHS } from '../../../shared/rules/purge/match-everything.js';

/**
 * The bounded probe of purge regexes, off the main thread. Each pattern that the static check let through and
 * that is not provably cheap runs on a low-priority worker thread against the match-everything probe paths and
 * against long adversarial paths; a worker still busy after the time limit is terminated (V8 stops a regex
 * between backtracking steps) and the pattern refused. The thread that answers requests only posts messages.
 * The threads are piscina's (regex-probe-worker.mjs, at nice +10); this module keeps the fair order.
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
const IDLE_MS = 10_000;

/** Long paths of one repeated filler, where a badly backtracking pattern takes (at least) cubic time. */
export const HOSTILE_PATHS: readonly string[] = [
  'a',
  'A',
  '0',
  '.',
  '-',
  '_',
  '%2',
  'ab',
  'a.',
  '0.',
  '=&',
  'a-',
  'a0',
].map((filler) => `/${filler.repeat(Math.ceil(1024 / filler.length))}`);

export type ProbeOutcome = { matchesEverything: boolean } | { tooComplex: true };

interface Task {
  owner: string;
  source: string;
  flags: string;
  limitMs: number;
  resolve: (outcome: ProbeOutcome) => void;
  reject: (error: Error) => void;
}

const waiting = new Map<string, Task[]>();
/** Owners with a probe running: one each, so its size is the number of busy workers. */
const running = new Set<string>();
let turn: string[] = [];
let pool: Piscina | undefined;

const waitingCount = () => [...waiting.values()].reduce((n, list) => n + list.length, 0);

/** The pool, started on the first probe: no thread before then, none kept once idle, none holding the process. */
function workers(): Piscina {
  const filename = fileURLToPath(new URL('./regex-probe-worker.mjs', import.meta.url));
  pool ??= new Piscina({ filename, minThreads: 0, maxThreads: WORKERS, idleTimeout: IDLE_MS, execArgv: [] });
  return pool;
}

/**
 * Runs one probe. The limit counts from the moment the worker has the pattern (it says so on `started`):
 * starting a thread is not the pattern's time. Past the limit the task is aborted, which makes piscina
 * terminate the worker (V8 stops a regex between backtracking steps), and the pattern is too complex.
 */
function runProbe(task: Task): Promise<ProbeOutcome> {
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    timer = setTimeout(() => abort.abort(), task.limitMs);
  });
  const probe = {
    source: task.source,
    flags: task.flags,
    probePaths: PROBE_PATHS,
    hostilePaths: HOSTILE_PATHS,
    started: port2,
  };
  return workers()
    .run(probe, { transferList: [port2], signal: abort.signal })
    .then(
      (all: boolean): ProbeOutcome => ({ matchesEverything: all === true }),
      (error: unknown): ProbeOutcome => {
        if (abort.signal.aborted) return { tooComplex: true };
        throw error instanceof Error ? error : new Error(String(error));
      },
    )
    .finally(() => {
      clearTimeout(timer);
      port1.close();
    });
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
  while (running.size < WORKERS) {
    const task = nextTask();
    if (!task) return;
    running.add(task.owner);
    runProbe(task)
      .then(task.resolve, task.reject)
      .finally(() => {
        running.delete(task.owner);
        dispatch();
      });
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
    list.push({ owner, source: regex.source, flags: regex.flags, limitMs, resolve, reject });
    dispatch();
  });
}
