import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Servers a test starts (PostgreSQL clusters, daemons, HAProxy, ATS) must not outlive the test process, however it
 * ends: vitest ends a worker without running its 'exit' handlers, an interrupted run (SIGINT, SIGTERM) kills it,
 * and a child does not die with its parent on Linux. Each test process gets one watchdog (server-watchdog.mjs), in
 * a session of its own so that a signal to the run's process group spares it, told over a pipe what runs; when the
 * pipe closes (this process is gone) it stops everything still listed. The sweep (server-sweep.ts) is the net
 * under it, for a watchdog that was killed too.
 */
export type Guarded =
  | { kind: 'pid'; pid: number; group?: boolean }
  | { kind: 'pg'; pgCtl: string; data: string; dir: string; uid?: number; gid?: number };

const WATCHDOG = fileURLToPath(new URL('./server-watchdog.mjs', import.meta.url));

let watchdog: ChildProcess | null = null;
let next = 0;

function tell(message: { id: number; guard?: Guarded }): void {
  if (!watchdog) {
    watchdog = spawn(process.execPath, [WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    // Neither the watchdog nor its pipe keeps this process alive: the pipe closing is the very signal it waits for.
    watchdog.unref();
    (watchdog.stdin as unknown as Socket).unref();
    watchdog.stdin!.on('error', () => undefined);
  }
  watchdog.stdin!.write(`${JSON.stringify(message)}\n`);
}

/** Lists `guard` with the watchdog; the answer drops it again (call it once the test stopped the server itself). */
export function guardServer(guard: Guarded): () => void {
  const id = ++next;
  tell({ id, guard });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    tell({ id });
  };
}

/** Guards a spawned child (its process group with `group`, for a detached one) until it exits. */
export function guardChild(child: ChildProcess, options: { group?: boolean } = {}): void {
  if (child.pid === undefined) return;
  const release = guardServer({ kind: 'pid', pid: child.pid, group: options.group });
  child.once('exit', release);
}
