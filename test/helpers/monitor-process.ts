import { spawn, type ChildProcess } from 'node:child_process';
import { CDNCTL, cliEnv, type CliDirs } from './cli.js';
import { guardChild } from './server-guard.js';

/** A running `cdnctl monitor run` (spawned CLI): its stderr lines, and how to stop or kill it. */
export interface MonitorProcess {
  child: ChildProcess;
  lines: string[];
  /** SIGTERM, and waits until it is gone. */
  stop(): Promise<void>;
  /** SIGKILL (a crash), and waits until it is gone. */
  kill(): Promise<void>;
}

export function spawnMonitor(dirs: CliDirs, args: string[], env: Record<string, string>): MonitorProcess {
  const child = spawn(process.execPath, [CDNCTL, 'monitor', 'run', ...args], {
    env: cliEnv(dirs, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  guardChild(child);
  const lines: string[] = [];
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stdout!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { child, lines, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
