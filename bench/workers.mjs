#!/usr/bin/env node
// Measures whether several daemon processes sharing the SQLite file raise read throughput: GET origins (50) on one
// process and on N cluster workers (bench/cluster-daemon.mjs), alternated, with the CPU per request of all the
// daemon's processes, and checks that a write through one worker shows in every answer after it (cache coherence).
// node bench/workers.mjs [N=2] [seconds=5] [rounds=2]
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measuredLoad } from './lib/cases.mjs';
import { ADMIN_PASSWORD, DAEMON_MAIN, freePort, login, waitForPing } from './lib/daemon.mjs';
import { smallDataSet } from './lib/dataset.mjs';
import { stopChild } from './lib/processes.mjs';
import { seedDataDir, userPasswordHash } from './lib/seed.mjs';

const CLUSTER = fileURLToPath(new URL('./cluster-daemon.mjs', import.meta.url));
const [workers, seconds, rounds] = [
  Number(process.argv[2] ?? 2),
  Number(process.argv[3] ?? 5),
  Number(process.argv[4] ?? 2),
];

/** CPU seconds of a process and its children (the cluster's workers). */
function treeCpuSeconds(pid) {
  let children = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    children = [];
  }
  return [pid, ...children].reduce((sum, p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
}

async function measure(dataDir, count) {
  const port = await freePort();
  const options = JSON.stringify({ dataDir, listen: `127.0.0.1:${port}` });
  const args = count === 1 ? [DAEMON_MAIN, options] : [CLUSTER, String(count), options];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CDNCTL_ADMIN_PASSWORD: ADMIN_PASSWORD },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForPing(child, url);
    const cookie = await login(url, 'admin', ADMIN_PASSWORD);
    const before = treeCpuSeconds(child.pid);
    const load = await measuredLoad(null, {
      url: `${url}/api/1.3/origins`,
      headers: { cookie },
      duration: seconds,
      warmup: 1,
    });
    const cpu = treeCpuSeconds(child.pid) - before;
    const name = `coherence-${count}-${Date.now()}`;
    const created = await fetch(`${url}/api/1.3/origins`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name, fqdn: `${name}.example.test`, protocol: 'http', deliveryServiceId: 1 }),
    });
    await created.arrayBuffer();
    let seen = 0;
    for (let i = 0; i < 20; i++)
      if ((await (await fetch(`${url}/api/1.3/origins`, { headers: { cookie } })).text()).includes(name)) seen++;
    return {
      workers: count,
      reqPerSec: Math.round(load.reqPerSec),
      p99Ms: load.p99,
      errors: load.errors,
      cpuUsPerRequest: Math.round((cpu * 1e6) / (load.requests + load.warmupRequests)),
      writeStatus: created.status,
      seenAfterWrite: `${seen}/20`,
    };
  } finally {
    await stopChild(child);
  }
}

const dataDir = await seedDataDir('workers', smallDataSet(await userPasswordHash()));
try {
  for (let r = 0; r < rounds; r++)
    for (const count of [1, workers]) process.stdout.write(`${JSON.stringify(await measure(dataDir, count))}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
