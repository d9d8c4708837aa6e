import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import { loggerOptions, writeAccessLine } from '../../../daemon/edge/access-log.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { loadFixtures, loginAll, PASSWORD, type Fixture, type UserKey } from '../origins/fixtures.js';

/**
 * Cache hits answered on the bare node:http request before Fastify (daemon/edge/front-door.ts): the same bytes and
 * headers as Fastify's answer to the same request, the same access line, and every check a hit depends on.
 */

const PORTAL = 'https://portal.example.test';
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Setup {
  t: TestApp;
  f: Fixture;
  base: string;
  cookies: Record<UserKey, string>;
  lines: Record<string, unknown>[];
}

async function setUp(options: Parameters<typeof makeApp>[0] = {}): Promise<Setup> {
  const lines: Record<string, unknown>[] = [];
  const stream = {
    write: (chunk: string) =>
      void lines.push(
        ...chunk
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      ),
  };
  const t = await makeApp({ ...options, logger: { ...loggerOptions('info'), stream } });
  const f = await loadFixtures(t.db, t.clock.now());
  const cookies = await loginAll(t.app);
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, f, base, cookies, lines };
}

/** One GET over HTTP: status, headers without the per-connection ones, body bytes, and its access line. */
async function get(s: Setup, url: string, headers: Record<string, string>) {
  const before = s.lines.length;
  const res = await request(`${s.base}${url}`, { headers });
  const body = Buffer.from(await res.body.arrayBuffer());
  const line = await lineAfter(s, before);
  return { status: res.statusCode, headers: comparable(res.headers), body, line };
}

/** The same request injected into Fastify, as the route itself answers it. */
async function injected(s: Setup, url: string, headers: Record<string, string>) {
  const res = await s.t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: comparable(res.headers), body: res.rawPayload };
}

function comparable(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (!PER_CONNECTION.has(name) && value !== undefined) out[name] = String(value);
  return out;
}

/** The access line written after line index `before` (the fast path writes it once the answer is handed over). */
async function lineAfter(s: Setup, before: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 50 && s.lines.length <= before; i++) await new Promise((r) => setTimeout(r, 2));
  const line = s.lines.slice(before).find((l) => l.msg === 'request completed');
  if (!line) throw new Error('no access line was written');
  return line;
}

const isHit = (line: Record<string, unknown>) => String(line.reqId).startsWith('hit-');

describe('cache hits before Fastify', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({
      config: { cors: { origins: [PORTAL] }, tls: { cert: 'unused', key: 'unused' }, trustProxy: ['127.0.0.1'] },
    });
  });
  afterAll(async () => {
    await s.t.close();
  });

  const urls = () => [
    '/api/1.3/origins',
    `/api/1.3/origins?deliveryservice=${s.f.ds1}`,
    '/api/1.1/users',
    '/api/1.2/users.json',
    '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config',
  ];
  const variants: Record<string, string>[] = [
    {},
    { 'accept-encoding': 'gzip' },
    { origin: PORTAL, 'accept-encoding': 'gzip, deflate' },
    { origin: 'https://elsewhere.example.test' },
  ];

  it('answers a repeated GET with the bytes and headers Fastify answers it with', async () => {
    for (const url of urls()) {
      for (const variant of variants) {
        const headers = { cookie: s.cookies.admin, ...variant };
        const first = await get(s, url, headers);
        expect(first.status, url).toBe(200);
        const hit = await get(s, url, headers);
        expect(isHit(hit.line), `${url} ${JSON.stringify(variant)}`).toBe(true);
        const fastify = await injected(s, url, headers);
        expect(hit.status).toBe(fastify.status);
        expect(hit.headers, `${url} ${JSON.stringify(variant)}`).toEqual(fastify.headers);
        expect(hit.body.equals(fastify.body), url).toBe(true);
      }
    }
  });

  it('keeps the CORS, HSTS and encoding headers of the app on a hit', async () => {
    const url = '/api/1.3/origins';
    await get(s, url, { cookie: s.cookies.admin, origin: PORTAL, 'accept-encoding': 'gzip' });
    const hit = await get(s, url, { cookie: s.cookies.admin, origin: PORTAL, 'accept-encoding': 'gzip' });
    expect(isHit(hit.line)).toBe(true);
    expect(hit.headers).toMatchObject({
      'access-control-allow-origin': PORTAL,
      'access-control-allow-credentials': 'true',
      vary: 'Origin, Accept-Encoding',
      'content-encoding': 'gzip',
      'strict-transport-security': 'max-age=31536000',
    });
    expect(JSON.parse(gunzipSync(hit.body).toString()).response.length).toBeGreaterThan(0);
  });

  it("writes Fastify's access line, with the client a trusted proxy names", async () => {
    const url = '/api/1.3/origins';
    const headers = { cookie: s.cookies.ro, 'x-forwarded-for': '203.0.113.9' };
    const first = await get(s, url, headers);
    const hit = await get(s, url, headers);
    expect(isHit(first.line)).toBe(false);
    expect(isHit(hit.line)).toBe(true);
    expect(Object.keys(hit.line)).toEqual(Object.keys(first.line));
    for (const line of [first.line, hit.line]) {
      expect(line).toMatchObject({
        level: 30,
        req: { method: 'GET', url, remoteAddress: '203.0.113.9' },
        res: { statusCode: 200 },
      });
      expect(typeof line.responseTime).toBe('number');
    }
  });

  it('checks the privilege of every hit: a role below read-only gets 403, not the cached answer', async () => {
    const url = '/api/1.3/origins';
    await get(s, url, { cookie: s.cookies.admin });
    expect(isHit((await get(s, url, { cookie: s.cookies.admin })).line)).toBe(true);
    s.t.db.prepare("INSERT INTO roles (name, description, priv_level) VALUES ('guest', 'below read-only', 5)").run();
    s.t.db
      .prepare(
        "INSERT INTO users (username, email, local_passwd, role_id, tenant_id, last_updated) VALUES ('guest_user', 'guest@example.test', ?, (SELECT id FROM roles WHERE name = 'guest'), (SELECT id FROM tenants WHERE name = 'root'), 0)",
      )
      .run(await hashPassword(PASSWORD));
    const login = await request(`${s.base}/api/1.2/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ u: 'guest_user', p: PASSWORD }),
    });
    await login.body.text();
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const refused = await get(s, url, { cookie });
    expect(refused.status).toBe(403);
    expect(isHit(refused.line)).toBe(false);
  });

  it('serves a burst of concurrent hits alike', async () => {
    const url = '/api/1.2/users';
    await get(s, url, { cookie: s.cookies.admin });
    const burst = await Promise.all(Array.from({ length: 40 }, () => get(s, url, { cookie: s.cookies.admin })));
    for (const answer of burst) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(burst[0].body)).toBe(true);
    }
  });
});

describe('an answer kept only in its gzip form', () => {
  let s: Setup;
  beforeAll(async () => {
    // A budget of 4 KB keeps answers above 1 KB gzip-only.
    s = await setUp({ responseCacheBytes: 4096 });
  });
  afterAll(async () => {
    await s.t.close();
  });

  it('is a hit for a client that takes gzip and is decompressed by Fastify for one that does not', async () => {
    const url = '/api/1.2/users';
    const plain = await get(s, url, { cookie: s.cookies.admin });
    expect(plain.body.length).toBeGreaterThan(1024);
    const zipped = await get(s, url, { cookie: s.cookies.admin, 'accept-encoding': 'gzip' });
    expect(isHit(zipped.line)).toBe(true);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    const again = await get(s, url, { cookie: s.cookies.admin });
    expect(isHit(again.line)).toBe(false);
    expect(again.body.equals(plain.body)).toBe(true);
  });
});

describe('writeAccessLine', () => {
  it('writes the line pino writes for the same fields, byte for byte but the time', () => {
    const out: string[] = [];
    const app = Fastify({
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => void out.push(line) } },
    });
    const fields = {
      reqId: 'hit-7',
      method: 'GET',
      url: '/api/1.2/users?token=abc&x="1"',
      ip: '198.51.100.4',
      statusCode: 200,
      responseTime: 0.4,
    };
    writeAccessLine(app.log, fields);
    app.log.info(
      {
        reqId: fields.reqId,
        req: { method: 'GET', url: fields.url, ip: fields.ip },
        res: { statusCode: 200 },
        responseTime: 0.4,
      },
      'request completed',
    );
    const [ours, pinos] = out.map((line) => line.replace(/"time":\d+/, '"time":0'));
    expect(ours).toBe(pinos);
    expect(JSON.parse(ours).req.url).toBe('/api/1.2/users?token=***&x="1"');
  });
});
