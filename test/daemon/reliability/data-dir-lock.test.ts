import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dataFiles } from '../../../shared/paths.js';
import { runCdnctl } from '../../helpers/cli.js';
import { PASSWORDS } from '../security/fixture.js';
import { answersPing, DAEMON_MAIN, prepareDataDir, startChildDaemon, tempRoot } from './child-daemon.js';

/**
 * One daemon per data dir (docs/api/behavior.md, "Hardening and the change log"): an OS lock held for the
 * daemon's life. Two daemons started at once on one data dir both used to run (45 % of writes then failed with
 * 503), and a stale daemon.json naming another live process blocked every start.
 */

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function dataDir(name: string): Promise<string> {
  const root = tempRoot(name);
  roots.push(root);
  const dir = join(root, 'data');
  await prepareDataDir(dir);
  return dir;
}

/** `node dist/daemon/main.js` on `dir`, with its output and exit. */
function rawDaemon(dir: string) {
  const child = spawn(
    process.execPath,
    [DAEMON_MAIN, JSON.stringify({ dataDir: dir, listen: '127.0.0.1:0', logger: false })],
    {
      env: { ...process.env, CDNCTL_ADMIN_PASSWORD: PASSWORDS.admin },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const settle = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'running'>((r) => setTimeout(() => r('running'), ms))]);

describe('the data dir lock', () => {
  it('lets exactly one of two simultaneous starts run; the other exits non-zero naming it', async () => {
    const dir = await dataDir('lock-two');
    const [a, b] = [rawDaemon(dir), rawDaemon(dir)];
    try {
      const outcomes = await Promise.all([settle(a.exited, 8000), settle(b.exited, 8000)]);
      expect(outcomes.filter((o) => o === 'running')).toHaveLength(1);
      const [winner, loser] = outcomes[0] === 'running' ? [a, b] : [b, a];
      expect(outcomes.find((o) => o !== 'running')).not.toBe(0);
      expect(loser.output()).toMatch(
        new RegExp(
          `another cdnctl daemon is running on ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(pid ${winner.child.pid}`,
        ),
      );
      // The winner holds the lock from its first moments; it writes daemon.json once it listens, which on a loaded
      // machine can come after the loser has already given up.
      const daemonJson = dataFiles(dir).daemonJson;
      await vi.waitFor(() => expect(existsSync(daemonJson), 'the winner wrote daemon.json').toBe(true), {
        timeout: 20_000,
        interval: 100,
      });
      const info = JSON.parse(readFileSync(daemonJson, 'utf8')) as { pid: number; url: string };
      expect(info.pid).toBe(winner.child.pid);
      expect(await answersPing(info.url)).toBe(true);
    } finally {
      a.child.kill('SIGKILL');
      b.child.kill('SIGKILL');
      await Promise.all([a.exited, b.exited]);
    }
  }, 30_000);

  it('is released by the OS when the daemon is killed: the next start runs', async () => {
    const dir = await dataDir('lock-kill');
    const first = await startChildDaemon(dir, { serve: { logger: false } });
    await first.kill();
    const second = await startChildDaemon(dir, { serve: { logger: false } });
    try {
      expect(await answersPing(second.url)).toBe(true);
    } finally {
      await second.kill();
    }
  }, 60_000);

  it('starts over a stale daemon.json naming another live process, and stop leaves that process alone', async () => {
    const dir = await dataDir('lock-stale');
    const configDir = join(dir, '..', 'config');
    // This test's own process is alive and is no daemon of this data dir.
    writeFileSync(
      dataFiles(dir).daemonJson,
      JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:9', startedAt: new Date().toISOString() }),
    );
    const stopped = await runCdnctl({ dataDir: dir, configDir }, ['daemon', 'stop', '--data-dir', dir]);
    expect(stopped.stdout).toContain('no daemon is running');
    expect(existsSync(dataFiles(dir).daemonJson)).toBe(false);
    writeFileSync(
      dataFiles(dir).daemonJson,
      JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:9', startedAt: new Date().toISOString() }),
    );
    const started = await runCdnctl({ dataDir: dir, configDir }, [
      'daemon',
      'start',
      '--data-dir',
      dir,
      '--listen',
      '127.0.0.1:0',
    ]);
    try {
      expect(started.code, started.stderr).toBe(0);
      const info = JSON.parse(readFileSync(dataFiles(dir).daemonJson, 'utf8')) as { pid: number; url: string };
      expect(info.pid).not.toBe(process.pid);
      expect(await answersPing(info.url)).toBe(true);
      const again = await runCdnctl({ dataDir: dir, configDir }, [
        'daemon',
        'start',
        '--data-dir',
        dir,
        '--listen',
        '127.0.0.1:0',
      ]);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain(`a daemon is already running for ${dir} (pid ${info.pid}, at ${info.url})`);
    } finally {
      const stop = await runCdnctl({ dataDir: dir, configDir }, ['daemon', 'stop', '--data-dir', dir]);
      expect(stop.stdout).toContain('cdnctl daemon stopped');
    }
  }, 60_000);
});
