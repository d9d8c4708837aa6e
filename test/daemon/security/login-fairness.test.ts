import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT } from '../../../shared/rules/login-throttle.js';
import { call, type HttpAnswer } from '../reliability/child-daemon.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, PASSWORDS, type GoldenApp } from './fixture.js';

/**
 * A login flood against fairness (issue 28, finding 6): ~32 concurrent bad logins from 8+ addresses used to fill
 * the global bound of password hashes in flight, and every other login got 503 at once, the admin's included.
 * Here 36 concurrent connections over 47 source addresses (127.0.1.x) send unknown usernames without pause while
 * the admin logs in from an address it logged in from before, and from addresses it never used. Behind a trusted
 * proxy, rotating X-Forwarded-For used to let every bad guess of one account reach scrypt.
 * Counts and ratios only: the machine may be busy with other work, so nothing here times anything.
 */

const FLOOD_CONNECTIONS = 36;
const FLOOD_ADDRESSES = 47;
/**
 * The flood's bounds: it stops after this many guesses were hashed (401), or this many requests (answers the
 * daemon refused before hashing cost it little), or FLOOD_DEADLINE_MS, whichever comes first.
 */
const FLOOD_HASHED_CAP = 1200;
const FLOOD_REQUEST_CAP = 50_000;
const FLOOD_DEADLINE_MS = 300_000;

const agentFor = (localAddress: string) => new Agent({ localAddress, connections: 8 });

async function listening(t: GoldenApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

interface Flood {
  /** Answers by status so far. */
  statuses: Map<number, number>;
  answered(): number;
  /** Whether a bound stopped it before stop() was called. */
  exhausted(): boolean;
  stop(): Promise<void>;
}

/** Starts FLOOD_CONNECTIONS loops of bad logins (unknown usernames) over FLOOD_ADDRESSES source addresses. */
function startFlood(url: string): Flood {
  const agents = Array.from({ length: FLOOD_ADDRESSES }, (_, i) => agentFor(`127.0.1.${i + 1}`));
  const statuses = new Map<number, number>();
  const deadline = Date.now() + FLOOD_DEADLINE_MS;
  let sent = 0;
  let stopped = false;
  const exhausted = () =>
    (statuses.get(401) ?? 0) >= FLOOD_HASHED_CAP || sent >= FLOOD_REQUEST_CAP || Date.now() > deadline;
  const loop = async () => {
    while (!stopped && !exhausted()) {
      const n = sent++;
      const agent = agents[n % FLOOD_ADDRESSES];
      const answer = await call(agent, `${url}/api/1.3/user/login`, {
        method: 'POST',
        body: { u: `flood-${n}`, p: 'wrong' },
        timeoutMs: 60_000,
      }).catch(() => null);
      const status = answer?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const loops = Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, loop));
  let closed: Promise<void> | null = null;
  return {
    statuses,
    answered: () => [...statuses.values()].reduce((a, b) => a + b, 0),
    exhausted,
    stop() {
      stopped = true;
      // Its requests still waiting are dropped (the daemon finishes their hashes by itself).
      closed ??= Promise.all(agents.map((a) => a.destroy())).then(() => loops.then(() => undefined));
      return closed;
    },
  };
}

async function until(what: string, test: () => boolean, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

eachStore((kind) => {
  describe('an anonymous flood of bad logins from many addresses', () => {
    let t: GoldenApp;
    let url: string;
    const known = agentFor('127.0.0.3');
    beforeAll(async () => {
      t = await goldenApp({ storeKind: kind });
      url = await listening(t);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await known.close();
    });

    const login = (agent: Agent, u: string, p: string): Promise<HttpAnswer> =>
      call(agent, `${url}/api/1.3/user/login`, { method: 'POST', body: { u, p }, timeoutMs: 60_000 });

    it('keeps the admin logging in from its known address ≥ 90 % of tries, and serves new addresses too', async () => {
      // The admin logged in from 127.0.0.3 before: the daemon remembers the pair.
      expect((await login(known, 'admin', PASSWORDS.admin)).status).toBe(200);
      const flood = startFlood(url);
      try {
        // The flood is under way: its first answers are back (on the old daemon, 503s for everything over 32).
        await until('the flood to be answered', () => flood.answered() >= FLOOD_CONNECTIONS);
        // The admin from its known address, and meanwhile from addresses it never logged in from (each a fresh
        // one, so each is new to the daemon), both one try after another.
        const knownTries: number[] = [];
        const newTries: number[] = [];
        await Promise.all([
          (async () => {
            for (let i = 0; i < 20; i++) knownTries.push((await login(known, 'admin', PASSWORDS.admin)).status);
          })(),
          (async () => {
            for (let i = 0; i < 4; i++) {
              const fresh = agentFor(`127.0.2.${i + 1}`);
              try {
                newTries.push((await login(fresh, 'admin', PASSWORDS.admin)).status);
              } finally {
                await fresh.close();
              }
            }
          })(),
        ]);
        // The flood ran all along the admin's tries (no bound ended it early).
        expect(flood.exhausted()).toBe(false);
        const statuses = new Map(flood.statuses);
        await flood.stop();
        const ok = (xs: number[]) => xs.filter((s) => s === 200).length;
        expect(ok(knownTries), `known address: ${knownTries.join(' ')}`).toBeGreaterThanOrEqual(18);
        // New addresses queue round robin with the flood's: half at least get through (each waits a round of addresses).
        expect(ok(newTries), `new addresses: ${newTries.join(' ')}`).toBeGreaterThanOrEqual(2);
        // It was a real flood: it kept the hashing busy (401s), and was answered nothing but 401, 429 or 503.
        const seen = JSON.stringify([...statuses]);
        expect(statuses.get(401) ?? 0, seen).toBeGreaterThanOrEqual(FLOOD_CONNECTIONS);
        expect(
          [...statuses.keys()].every((s) => [401, 429, 503].includes(s)),
          seen,
        ).toBe(true);
      } finally {
        await flood.stop();
      }
    }, 420_000);
  });

  describe('bad logins of one account through a trusted proxy, with rotating X-Forwarded-For', () => {
    let t: GoldenApp;
    let base: string;
    const proxy = agentFor('127.0.0.2');
    beforeAll(async () => {
      t = await goldenApp({ storeKind: kind, config: { trustProxy: ['127.0.0.2'] } });
      base = await listening(t);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await proxy.close();
    });

    const viaProxy = async (client: string, p: string) => {
      const res = await proxy.request({
        origin: base,
        path: '/api/1.3/user/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ u: 'admin', p }),
      });
      await res.body.text();
      return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
    };

    it('lets only a bounded number reach the password hash, and the admin still logs in from its known address', async () => {
      expect((await viaProxy('203.0.113.50', PASSWORDS.admin)).status).toBe(200);
      const wave = await Promise.all(
        Array.from({ length: 60 }, (_, i) => viaProxy(`198.51.100.${i + 1}`, `wrong-${i}`)),
      );
      const later: number[] = [];
      for (let i = 0; i < 40; i++) later.push((await viaProxy(`198.51.101.${i + 1}`, 'wrong')).status);
      const statuses = [...wave.map((a) => a.status), ...later];
      // A 401 is a guess whose hash was computed; a 429 was refused before any hash.
      expect(
        statuses.every((s) => s === 401 || s === 429),
        statuses.join(' '),
      ).toBe(true);
      expect(statuses.filter((s) => s === 401).length, statuses.join(' ')).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
      expect(later.slice(-10)).toEqual(Array(10).fill(429));
      // A new address, even with the right password, waits out the account's window (the price of the cap).
      const fresh = await viaProxy('198.51.101.99', PASSWORDS.admin);
      expect(fresh.status).toBe(429);
      expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
      // The pair that logged in before is not locked out.
      expect((await viaProxy('203.0.113.50', PASSWORDS.admin)).status).toBe(200);
    }, 60_000);
  });
});
