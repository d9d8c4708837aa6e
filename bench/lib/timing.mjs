// Wall-clock timings of whole processes: medians over several runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpuSeconds, freePort, spawnDaemon, waitForPing } from './daemon.mjs';
import { stopChild } from './processes.mjs';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const round = (ms) => Math.round(ms * 10) / 10;

/** Runs `command args` once; answers { ms, code, stdout, stderr }. */
export async function timeOnce(command, args, env = process.env) {
  const started = process.hrtime.bigint();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'close');
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, code, stdout, stderr };
}

/**
 * Alternates the given commands `runs` times (so drift hits all alike) and answers, per command, the median wall
 * time and the last run's result. Each command is { command, args, env? }.
 */
export async function medianWallTimes(commands, runs) {
  const times = commands.map(() => []);
  const last = [];
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < commands.length; i++) {
      const { command, args, env } = commands[i];
      const result = await timeOnce(command, args, env);
      times[i].push(result.ms);
      last[i] = result;
    }
  }
  return commands.map((_, i) => ({
    medianMs: round(median(times[i])),
    minMs: round(Math.min(...times[i])),
    last: last[i],
  }));
}

/** One start of the daemon: wall time from spawn to the first 200 of ping, and the CPU time it took. */
async function coldStart(dataDir, how) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawnDaemon(dataDir, port, how);
  try {
    await waitForPing(child, `http://127.0.0.1:${port}`, { everyMs: 2, timeoutMs: 20_000 });
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: (cpuSeconds(child.pid) ?? NaN) * 1000 };
  } finally {
    await stopChild(child);
  }
}

/**
 * Starts the daemon on `dataDir` `runs` times each way, alternating: its own process (what `cdnctl daemon start`
 * spawns) and `cdnctl daemon start --foreground`. Answers medians of wall and CPU time to the first 200.
 */
export async function coldStarts(dataDir, runs) {
  const samples = { main: [], cli: [] };
  for (let r = 0; r < runs; r++) for (const how of ['main', 'cli']) samples[how].push(await coldStart(dataDir, how));
  const summary = (list) => ({
    medianMs: round(median(list.map((s) => s.ms))),
    minMs: round(Math.min(...list.map((s) => s.ms))),
    maxMs: round(Math.max(...list.map((s) => s.ms))),
    cpuMedianMs: round(median(list.map((s) => s.cpuMs))),
  });
  return { daemon: summary(samples.main), foreground: summary(samples.cli), runs };
}
