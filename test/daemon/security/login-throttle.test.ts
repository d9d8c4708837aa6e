import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_LIMITS } from '../../../daemon/services/auth/login-gate.js';
import { takePeakPending } from '../../../daemon/services/auth/scrypt-workers.js';
import { ADDRESS_FAILURE_LIMIT, LOGIN_WINDOW_MS, PAIR_FREE_FAILURES } from '../../../shared/rules/login-throttle.js';
import { call, type HttpAnswer } from '../reliability/child-daemon.js';
import { goldenApp, PASSWORDS, type GoldenApp } from './fixture.js';

/**
 * The login throttle as an attacker meets it over real sockets (docs/api/behavior.md, "Hardening and the change
 * log"): failures count per (username, client address) with doubling delays, and per address; an attacker at
 * 127.0.0.2 cannot lock out a user at 127.0.0.3; X-Forwarded-For counts only from a trusted proxy; a login flood
 * is answered at once instead of queueing hashes without bound (the flood's fairness: login-fairness.test.ts). It used to be ten failures per username, for
 * everyone: ~40 requests an hour kept admin out.
 */

const from = (localAddress: string) => new Agent({ localAddress, connections: 128 });
const attacker = from('127.0.0.2');
const user = from('127.0.0.3');

async function listening(t: GoldenApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

let t: GoldenApp;
let url: string;
beforeAll(async () => {
  t = await goldenApp();
  url = await listening(t);
});
afterAll(async () => {
  await t?.close();
  await attacker.close();
  await user.close();
});

const login = (agent: Agent, u: string, p: string): Promise<HttpAnswer> =>
  call(agent, `${url}/api/1.3/user/login`, { method: 'POST', body: { u, p } });

/** A login with an X-Forwarded-For header, over `agent`, to `base`. */
const forwarded = (agent: Agent, base: string, client: string, u: string, p: string) =>
  agent.request({
    origin: base,
    path: '/api/1.3/user/login',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ u, p }),
  });
const nextWindow = () => t.clock.advance(LOGIN_WINDOW_MS + 1);

describe('per (account, address)', () => {
  it('an attacker’s failures never keep the right password out from another address', async () => {
    for (let i = 0; i < PAIR_FREE_FAILURES; i++)
      expect((await login(attacker, 'admin', `wrong-${i}`)).status).toBe(401);
    const held = await login(attacker, 'admin', PASSWORDS.admin);
    expect(held.status).toBe(429);
    expect(held.json()).toEqual({
      alerts: [{ text: 'Too many failed login attempts; try again later.', level: 'error' }],
    });
    expect(held.headers['retry-after']).toBe('1');
    for (let i = 0; i < 40; i++) await login(attacker, 'admin', `more-${i}`);
    expect((await login(user, 'admin', PASSWORDS.admin)).status).toBe(200);
    nextWindow();
  });

  it('makes each further attempt of a failing pair wait twice as long as the last', async () => {
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await login(attacker, 'ops_user', `wrong-${i}`);
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const held = await login(attacker, 'ops_user', 'still-wrong');
      expect(held.status).toBe(429);
      waits.push(String(held.headers['retry-after']));
      t.clock.advance(Number(held.headers['retry-after']) * 1000);
      expect((await login(attacker, 'ops_user', 'still-wrong')).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    t.clock.advance(16_000);
    expect((await login(attacker, 'ops_user', PASSWORDS.ops_user)).status).toBe(200);
    nextWindow();
  });
});

describe('per address', () => {
  it(`refuses an address after ${ADDRESS_FAILURE_LIMIT} failures across usernames, and no one else`, async () => {
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
      expect((await login(attacker, `nobody-${i}`, 'wrong')).status).toBe(401);
    const held = await login(attacker, 'ro_user', PASSWORDS.ro_user);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    expect((await login(user, 'ro_user', PASSWORDS.ro_user)).status).toBe(200);
    nextWindow();
    expect((await login(attacker, 'ro_user', PASSWORDS.ro_user)).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      const res = await forwarded(attacker, url, `198.51.100.${i}`, 'tenanta_user', 'wrong');
      await res.body.text();
    }
    expect((await login(attacker, 'tenanta_user', PASSWORDS.tenanta_user)).status).toBe(429);
    nextWindow();
  });
});

describe('behind a trusted proxy', () => {
  it('counts the client X-Forwarded-For names, only when the peer is in trustProxy', async () => {
    const proxied = await goldenApp({ config: { trustProxy: ['127.0.0.2'] } });
    try {
      const base = await listening(proxied);
      const viaProxy = async (client: string, p: string) => {
        const res = await forwarded(attacker, base, client, 'admin', p);
        await res.body.text();
        return res.statusCode;
      };
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) expect(await viaProxy('203.0.113.7', 'wrong')).toBe(401);
      expect(await viaProxy('203.0.113.7', PASSWORDS.admin)).toBe(429);
      expect(await viaProxy('203.0.113.8', PASSWORDS.admin)).toBe(200);
      // From a peer that is no proxy, the header is ignored: 127.0.0.3 has not failed.
      const direct = await forwarded(user, base, '203.0.113.7', 'admin', PASSWORDS.admin);
      await direct.body.text();
      expect(direct.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('a login flood', () => {
  it('answers a flood of unknown usernames from one address at once, while a real user logs in', async () => {
    const flood = Promise.all(Array.from({ length: 64 }, (_, i) => login(attacker, `flood-${i}`, 'wrong')));
    const real = await login(user, 'ops_user', PASSWORDS.ops_user);
    const answers = await flood;
    expect(real.status).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(48);
    expect(answers.find((a) => a.status === 429)!.headers['retry-after']).toBe('1');
    nextWindow();
  });

  it('bounds the password checks in flight for everyone, and the queue before them: 503 with Retry-After beyond it', async () => {
    takePeakPending();
    // 100 at once from 25 addresses: 24 hash (the share of pairs not known), 64 wait, the rest are refused.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/1.3/user/login',
          remoteAddress: `10.0.0.${i % 25}`,
          payload: { u: `x-${i}`, p: 'wrong' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(takePeakPending()).toBeLessThanOrEqual(GATE_LIMITS.total - GATE_LIMITS.reserved);
    expect(answers.find((a) => a.statusCode === 503)!.headers['retry-after']).toBe('1');
    nextWindow();
  }, 90_000);
});

describe('unknown users', () => {
  it('cost what known ones cost: one password hash each, so timing tells no accounts apart', async () => {
    const timed = async (u: string, i: number) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/1.3/user/login',
        remoteAddress: `10.9.${i}.1`,
        payload: { u, p: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await timed('ops_user', i));
      unknown.push(await timed(`no-such-user-${i}`, 100 + i));
    }
    // A hash takes tens of milliseconds; skipping it would make an unknown user's answer take about one.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    nextWindow();
  });
});
