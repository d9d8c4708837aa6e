// Child processes of the benchmark: spawn, read a JSON line, stop — always by the pid we started.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns `node script args…` and resolves with the first JSON line it prints, keeping it running. */
export async function spawnWithJsonLine(script, args, { timeoutMs = 10_000, env = process.env } = {}) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const line = await new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`${script} said nothing within ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(buffered.slice(0, end));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${stderr.trim()}`));
    });
  });
  return { child, value: JSON.parse(line) };
}

/** Runs `node script args…` to its end and answers its stdout parsed as JSON (its last line). */
export async function runForJson(script, args, { env = process.env } = {}) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  const last = stdout.trim().split('\n').pop();
  if (code !== 0 || !last) throw new Error(`${script} exited with ${code}: ${stderr.trim()}`);
  return JSON.parse(last);
}

/** Sends SIGTERM to a child we started and waits for it to go (SIGKILL after `graceMs`). */
export async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
