import { spawn } from 'node:child_process';

/** What a command printed (stdout and stderr, interleaved, the last 20,000 characters) and its exit code. */
export interface ShellResult {
  code: number | null;
  /** The signal that ended it (the timeout kills with SIGKILL); null when it exited. */
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs a shell command with more environment and answers its exit code and output (it never rejects on a code). */
export async function runShellCapture(
  command: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 60_000,
): Promise<ShellResult> {
  return await new Promise<ShellResult>((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

/** Runs a shell command (the reload command) and resolves when it exits 0; rejects with its last output line. */
export async function runShell(command: string, timeoutMs = 60_000): Promise<void> {
  const { code, signal, output } = await runShellCapture(command, {}, timeoutMs);
  if (code === 0) return;
  const last = output.trim().split('\n').pop() ?? '';
  const how = signal ? `was killed (${signal})` : `exited with ${code}`;
  throw new Error(`\`${command}\` ${how}${last ? `: ${last}` : ''}`);
}
