import { spawn } from 'node:child_process';

/** Runs a shell command (the reload command) and resolves when it exits 0; rejects with its last output line. */
export async function runShell(command: string, timeoutMs = 60_000): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-2000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const last = output.trim().split('\n').pop() ?? '';
      reject(
        new Error(
          `\`${command}\` ${signal ? `was killed (${signal})` : `exited with ${code}`}${last ? `: ${last}` : ''}`,
        ),
      );
    });
  });
}

/** What a command printed (stdout and stderr, interleaved, the last 20,000 characters) and its exit code. */
export interface ShellResult {
  code: number | null;
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
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
