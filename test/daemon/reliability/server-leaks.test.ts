import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startPgCluster } from '../../helpers/pg-cluster.js';
import { CLUSTER_OWNER_FILE, sweepClusters } from '../../helpers/server-sweep.js';
import { tempRoot } from './child-daemon.js';

/**
 * No server a test starts outlives the suite (issue 28, finding 11): a real vitest process runs a fixture that
 * starts a PostgreSQL cluster through the suite's helper and never stops it itself; the run passes, fails, or is
 * interrupted (SIGINT, SIGTERM) while the test is still running. Afterwards no postgres of that cluster remains.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const CONFIG = 'test/fixtures/leaks/vitest.config.ts';
const DEADLINE_MS = 60_000;

const root = tempRoot('leaks');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `value` until it answers something other than undefined, or throws at the deadline. */
async function poll<T>(what: string, value: () => T | undefined): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const v = value();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** Command lines of the running postgres servers (and their children) listening on `port`. */
function postgresOn(port: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue; // gone meanwhile
    }
    if (cmd.includes('postgres') && cmd.includes(` -p ${port} `)) found.push(`${pid}: ${cmd}`);
  }
  return found;
}

/**
 * Runs the fixture suite in `mode`; with `signal`, sends it once the cluster is up: to the vitest process alone, or
 * to its whole process group, as Ctrl-C in a terminal (or a CI job's cancel) does. Answers the cluster's port.
 */
async function runFixture(
  mode: 'pass' | 'fail' | 'hang',
  signal?: NodeJS.Signals,
  to: 'process' | 'group' = 'process',
) {
  const log = join(root, `${mode}-${signal ?? 'none'}-${to}.log`);
  writeFileSync(log, '');
  // The child is a vitest run of its own: none of this worker's vitest variables may leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  const child = spawn(process.execPath, [VITEST, 'run', '--config', CONFIG], {
    cwd: ROOT,
    env: { ...env, LEAK_FIXTURE_MODE: mode, LEAK_FIXTURE_LOG: log },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  try {
    const port = await poll('the fixture to start its cluster', () => {
      const started = /started (\d+)/.exec(readFileSync(log, 'utf8'));
      if (started) return Number(started[1]);
      if (done) throw new Error(`the fixture run ended before starting its cluster: ${output}`);
      return undefined;
    });
    expect(postgresOn(port).length, 'the cluster runs while the test does').toBeGreaterThan(0);
    writeFileSync(`${log}.go`, '');
    if (signal) process.kill(to === 'group' ? -child.pid! : child.pid!, signal);
    const code = await exited;
    return { port, code, output };
  } finally {
    if (!done) process.kill(-child.pid!, 'SIGKILL');
  }
}

/** Waits until no postgres of the cluster on `port` runs; fails naming what still does at the deadline. */
async function expectGone(port: number) {
  const deadline = Date.now() + DEADLINE_MS;
  while (postgresOn(port).length > 0 && Date.now() < deadline) await pause(100);
  expect(postgresOn(port)).toEqual([]);
}

describe('throw-away PostgreSQL clusters never outlive the test run', () => {
  it('a run that passes leaves none', { timeout: 180_000 }, async () => {
    const run = await runFixture('pass');
    expect(run.code, run.output).toBe(0);
    await expectGone(run.port);
  });

  it('a run that fails leaves none', { timeout: 180_000 }, async () => {
    const run = await runFixture('fail');
    expect(run.code, run.output).toBe(1);
    await expectGone(run.port);
  });

  it.each([
    ['SIGINT', 'process'],
    ['SIGTERM', 'process'],
    ['SIGINT', 'group'],
    ['SIGTERM', 'group'],
  ] as const)('a run interrupted by %s (to the %s) mid-test leaves none', { timeout: 180_000 }, async (signal, to) => {
    const run = await runFixture('hang', signal, to);
    await expectGone(run.port);
  });
});

describe('the sweep at the start and end of a run', () => {
  it(
    'stops and removes a cluster whose owning process is dead, and leaves the cluster of a live owner alone',
    { timeout: 120_000 },
    async () => {
      const cluster = await startPgCluster();
      try {
        expect(sweepClusters()).not.toContain(cluster.dir);
        expect(postgresOn(cluster.port).length).toBeGreaterThan(0);
        // The owner record now names a process that has exited, as after a run whose watchdog was killed too.
        const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
        const file = join(cluster.dir, CLUSTER_OWNER_FILE);
        writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), pid: dead }));
        expect(sweepClusters()).toContain(cluster.dir);
        expect(postgresOn(cluster.port)).toEqual([]);
        expect(existsSync(cluster.dir)).toBe(false);
      } finally {
        cluster.stop();
      }
    },
  );
});
