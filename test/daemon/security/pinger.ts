import { spawn } from 'node:child_process';

/**
 * Pings `url`/api/1.2/ping one after another, 10 ms apart, for `durationMs`, from a separate process: the test
 * process itself is busy sending the load, and its own event loop must not count as the daemon's latency.
 * Resolves with each ping's time in milliseconds.
 */
export function pingFromAnotherProcess(url: string, durationMs: number): Promise<number[]> {
  const script = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = [];
    const end = Date.now() + ${durationMs};
    const once = () => new Promise((resolve, reject) => {
      const started = performance.now();
      http.get(${JSON.stringify(`${url}/api/1.2/ping`)}, { agent }, (res) => {
        res.resume();
        res.on('end', () => { times.push(performance.now() - started); resolve(); });
      }).on('error', reject);
    });
    (async () => {
      while (Date.now() < end) {
        await once();
        await new Promise((r) => setTimeout(r, 10));
      }
      process.stdout.write(JSON.stringify(times));
      agent.destroy();
    })().catch((e) => { console.error(e); process.exit(1); });
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`pinger failed: ${err}`)),
    );
  });
}

/** The p-th percentile of `values` (nearest rank). */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];
