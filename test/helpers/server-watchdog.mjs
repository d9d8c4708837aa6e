// The watchdog of one test process (test/helpers/server-guard.ts starts it, detached, in a session of its own).
// It reads what to stop, one JSON line at a time, on stdin: {"id":N,"guard":{...}} adds a server, {"id":N} drops it
// (its test stopped it). When stdin ends, the test process is gone, however it ended (a passing run's worker ended
// without its 'exit' handlers, a failed run, SIGINT/SIGTERM/SIGKILL): every server still listed is stopped, then
// the watchdog exits. A postgres postmaster is detached by pg_ctl and would never die with its parent otherwise.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

const guarded = new Map();

/** Stops one server; a server already gone is not an error. */
function stop(guard) {
  try {
    if (guard.kind === 'pid') {
      process.kill(guard.group ? -guard.pid : guard.pid, 'SIGKILL');
      return;
    }
    const owner = guard.uid === undefined ? {} : { uid: guard.uid, gid: guard.gid };
    spawnSync(guard.pgCtl, ['stop', '-D', guard.data, '-m', 'immediate', '-w'], {
      stdio: 'ignore',
      timeout: 30_000,
      ...owner,
    });
    rmSync(guard.dir, { recursive: true, force: true });
  } catch {
    // gone already
  }
}

// Signals meant for the test run (a terminal's Ctrl-C, a CI cancel sent to a process group) are not for the watchdog.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.guard) guarded.set(message.id, message.guard);
  else guarded.delete(message.id);
});
lines.on('close', () => {
  for (const guard of guarded.values()) stop(guard);
  process.exit(0);
});
