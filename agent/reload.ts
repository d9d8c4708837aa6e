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
