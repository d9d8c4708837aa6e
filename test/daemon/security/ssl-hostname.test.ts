import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCdnctl } from '../../helpers/cli.js';
import { CLI_SNAPSHOT } from '../../helpers/cli-daemon.js';
import { makeTlsFixtures } from '../vault/tls-fixtures.js';
import { alertsOf, goldenApp, type GoldenApp } from './fixture.js';

/**
 * Issue 28, finding 7: the host name of TLS keys names the `.crt`/`.key` files every cache of the delivery
 * service fetches. `sslkeys/add` took 5,000 characters, newlines, even a pasted PEM key; the file list then named
 * a file the daemon itself answered 404, and the cache tool failed for every cache of that delivery service.
 */

const fx = makeTlsFixtures('*.ds1.cdn1.example.test');
const JUNK: [string, string][] = [
  ['5,000 characters', `${'a'.repeat(60)}.`.repeat(82) + 'example'],
  ['a newline', 'ds1.example.test\nX-Injected: 1'],
  ['a pasted PEM key', fx.leafKey],
  ['a label of 64 characters', `${'b'.repeat(64)}.example.test`],
  ['a leading hyphen', '-ds1.example.test'],
  ['a trailing hyphen', 'ds1-.example.test'],
  ['an empty label', 'ds1..example.test'],
  ['a wildcard inside', 'ds1.*.example.test'],
  ['a bare wildcard', '*'],
  ['a slash', 'ds1.example.test/../../etc'],
  ['a space', 'ds1 example.test'],
  ['a NUL', 'ds1\u0000.example.test'],
  ['a bidi override', 'ds1\u202E.example.test'],
  ['254 characters', `${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(62)}`],
];
const GOOD = [
  'ds1.cdn1.example.test',
  '*.ds1.cdn1.example.test',
  'a',
  'xn--bcher-kva.example',
  `${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}`,
];

let t: GoldenApp;
let admin: string;
beforeAll(async () => {
  t = await goldenApp();
  admin = await t.session('admin');
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
const addBody = (hostname: string, version: number) => ({
  key: 'ds1',
  cdn: 'cdn1',
  hostname,
  version,
  certificate: { crt: fx.leaf + fx.intermediate, key: fx.leafKey, csr: fx.csr },
});
const generateBody = (hostname: string, version: number) => ({
  key: 'ds1',
  cdn: 'cdn1',
  hostname,
  version,
  country: 'US',
  state: 'CO',
  city: 'Denver',
  organization: 'Example',
  businessUnit: 'CDN',
});

describe('the host name of TLS keys', () => {
  for (const v of ['1.1', '1.5']) {
    it(`is refused by sslkeys/add and sslkeys/generate at ${v} unless it is a DNS name, without quoting it`, async () => {
      for (const [what, hostname] of JUNK) {
        for (const [route, body] of [
          ['add', addBody(hostname, 7)],
          ['generate', generateBody(hostname, 7)],
        ] as const) {
          const res = await post(`/api/${v}/deliveryservices/sslkeys/${route}`, body);
          expect(res.statusCode, `${route}: ${what}`).toBe(400);
          const alerts = alertsOf(res);
          expect(alerts, `${route}: ${what}`).toEqual([
            { level: 'error', text: expect.stringMatching(/^hostname: must be a host name/) },
          ]);
          // The text itself names "*." (a one-character junk cannot be told from it).
          if (hostname.length > 1) expect(res.body).not.toContain(hostname.slice(0, 20));
        }
      }
      const stored = await t.app.inject({
        method: 'GET',
        url: `/api/${v}/deliveryservices/xmlId/ds1/sslkeys?version=7`,
        headers: { cookie: admin },
      });
      expect(stored.json().response).toEqual({});
    });
  }

  it('is taken when it is one: plain, wildcard, punycode, 253 characters', async () => {
    let version = 20;
    for (const hostname of GOOD) {
      const res = await post('/api/1.4/deliveryservices/sslkeys/add', addBody(hostname, version++));
      expect(res.statusCode, hostname).toBe(200);
    }
    expect(
      (await post('/api/1.4/deliveryservices/sslkeys/generate', generateBody('*.ds1.example.test', version)))
        .statusCode,
    ).toBe(200);
  });
});

describe('the host name of TLS keys in a snapshot import', () => {
  const root = mkdtempSync(join(tmpdir(), 'cdnctl-ssl-hostname-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is checked like the API: junk refuses the whole import, naming the field and not quoting the value', async () => {
    const doc = JSON.parse(readFileSync(CLI_SNAPSHOT, 'utf8')) as Record<string, unknown>;
    const keys = JUNK.slice(0, 3).map(([, hostname], i) => ({
      kind: 'ssl',
      deliveryService: 'ds1',
      version: i + 1,
      secret: {
        cdn: 'cdn1',
        deliveryservice: 'ds1',
        key: 'ds1',
        hostname,
        version: i + 1,
        certificate: { crt: fx.leaf, key: fx.leafKey, csr: fx.csr },
      },
      changedBy: 'admin',
      changedAt: new Date().toISOString(),
    }));
    const file = join(root, 'keys.snapshot.json');
    writeFileSync(file, JSON.stringify({ ...doc, keys }));
    const dataDir = join(root, 'data');
    const result = await runCdnctl(
      { dataDir, configDir: join(root, 'config') },
      ['daemon', 'import', file, '--data-dir', dataDir],
      { timeoutMs: 30_000 },
    );
    expect(result.code).not.toBe(0);
    for (let i = 0; i < 3; i++)
      expect(result.stderr).toMatch(new RegExp(`keys\\[${i}\\]: hostname: must be a host name`));
    expect(result.stderr).not.toContain('PRIVATE KEY');
    expect(result.stderr).not.toContain('X-Injected');
    expect(result.stderr).not.toContain('a'.repeat(60));
  }, 60_000);
});
