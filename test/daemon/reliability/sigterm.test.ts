import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRecord } from '../../../shared/contract/schema.js';
import { dataFiles } from '../../../shared/paths.js';
import { PASSWORDS, ROLES } from '../security/fixture.js';
import {
  call,
  loginOver,
  prepareDataDir,
  startChildDaemon,
  tempRoot,
  type ChildDaemon,
  type HttpAnswer,
} from './child-daemon.js';

/**
 * SIGTERM while requests run: the ones the daemon already took finish and are stored, new ones get no 200 (a
 * 503 alert or no connection), daemon.json goes, and the process exits 0.
 */

const IN_FLIGHT = 6;

let root: string;
let dataDir: string;
let daemon: ChildDaemon;

beforeAll(async () => {
  root = tempRoot('sigterm');
  dataDir = join(root, 'data');
  await prepareDataDir(dataDir);
  // Logging at debug level: its "incoming request" lines tell when the daemon has taken each request.
  daemon = await startChildDaemon(dataDir, { env: { CDNCTL_LOG_LEVEL: 'debug' } });
});
afterAll(async () => {
  await daemon?.kill();
  rmSync(root, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the daemon's output until `count` lines match, or fails at the deadline. */
async function waitForLines(match: (line: string) => boolean, count: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (daemon.output().split('\n').filter(match).length >= count) return;
    await pause(5);
  }
  throw new Error(`the daemon did not log ${count} matching lines in time:\n${daemon.output().slice(-3000)}`);
}

describe('SIGTERM during load', () => {
  it(
    'finishes the requests in flight, refuses new ones, removes daemon.json and exits 0',
    { timeout: 120_000 },
    async () => {
      const agent = new Agent({ connections: IN_FLIGHT + 2, headersTimeout: 60_000, bodyTimeout: 60_000 });
      const cookie = await loginOver(agent, daemon.url, 'admin', PASSWORDS.admin);
      // Creating a user hashes its password (scrypt): slow enough to be running when the signal comes.
      const creating: Promise<HttpAnswer>[] = Array.from({ length: IN_FLIGHT }, (_, i) =>
        call(agent, `${daemon.url}/api/1.3/users`, {
          method: 'POST',
          cookie,
          timeoutMs: 60_000,
          body: {
            username: `inflight_${i}`,
            email: `inflight_${i}@example.test`,
            fullName: `In Flight ${i}`,
            localPassword: 'InFl1ghtPassw0rd!',
            confirmLocalPassword: 'InFl1ghtPassw0rd!',
            role: ROLES['read-only'].id,
          },
        }),
      );
      await waitForLines((l) => l.includes('"incoming request"') && l.includes('"url":"/api/1.3/users"'), IN_FLIGHT);
      const signalled = Date.now();
      daemon.child.kill('SIGTERM');
      await waitForLines((l) => l.includes('SIGTERM: closing'), 1);

      // New requests from now on, on new connections, until the process is gone: none may be served.
      const late: string[] = [];
      let gone = false;
      void daemon.exited.then(() => {
        gone = true;
      });
      for (let i = 0; i < 200 && !gone; i++) {
        const fresh = new Agent({ headersTimeout: 5000, bodyTimeout: 5000 });
        try {
          const res = await call(fresh, `${daemon.url}/api/1.3/ping`, { timeoutMs: 5000 });
          late.push(`${res.status} ${res.text}`);
        } catch {
          late.push('no connection');
        } finally {
          await fresh.destroy();
        }
      }
      expect(late.length, 'no request was tried while the daemon closed').toBeGreaterThan(0);
      for (const answer of late) {
        expect(answer, 'a request sent after SIGTERM').toMatch(
          /^(no connection|503 \{"alerts":\[\{"text":"the daemon is shutting down; try again in a moment","level":"error"\}\]\})$/,
        );
      }

      const answers = await Promise.all(creating);
      for (const res of answers) {
        expect(res.status, res.text).toBe(200);
        expect(res.json<{ alerts: AlertRecord[] }>().alerts).toEqual([{ text: 'user was created.', level: 'success' }]);
      }
      expect(await daemon.exited).toEqual({ code: 0, signal: null });
      // Clients' keep-alive connections do not hold it open (their idle timeout is over a minute).
      expect(Date.now() - signalled).toBeLessThan(30_000);
      expect(existsSync(dataFiles(dataDir).daemonJson)).toBe(false);
      await agent.destroy();

      const db = new Database(dataFiles(dataDir).database, { readonly: true });
      try {
        const stored = db
          .prepare("SELECT username FROM users WHERE username LIKE 'inflight_%' ORDER BY username")
          .pluck()
          .all();
        expect(stored).toEqual(Array.from({ length: IN_FLIGHT }, (_, i) => `inflight_${i}`));
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    },
  );
});
