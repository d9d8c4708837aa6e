import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { SnapshotError } from '../../../daemon/store/snapshot-types.js';
import { GOLDEN_SNAPSHOT, goldenApp, type GoldenApp } from './fixture.js';

/**
 * Names without limits (finding 7 of issue 19): usernames with NUL, 100,000 characters, U+202E with combining
 * marks and 1,000 emoji used to be stored, and the same for full names and origin names.
 */

const HOSTILE: [string, string][] = [
  ['NUL', 'evil\u0000admin'],
  ['100,000 characters', 'a'.repeat(100_000)],
  ['a bidi override with combining marks', 'adm\u202Enimo\u0301\u0302\u0303\u0304\u0305'],
  ['1,000 emoji', '\u{1F600}'.repeat(1000)],
  ['an unassigned code point', 'user\u{E0FFF}x'],
  ['a zalgo pile', 'z\u0300\u0301\u0302\u0303\u0304\u0305a'],
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

const errorText = (body: string) =>
  (JSON.parse(body) as { alerts: { text: string }[] }).alerts.map((a) => a.text).join(', ');
const newUser = (over: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/1.3/users',
    headers: { cookie: admin },
    payload: {
      username: 'okname',
      email: `x${Math.random()}@example.test`,
      fullName: 'Ok Name',
      localPasswd: 'Str0ng-Enough-Pass',
      confirmLocalPasswd: 'Str0ng-Enough-Pass',
      role: 3,
      tenantId: t.ids.tenants.root,
      ...over,
    },
  });

describe('names through the API', () => {
  it.each(HOSTILE)('refuses a username with %s, naming the field', async (_why, value) => {
    const res = await newUser({ username: value });
    expect(res.statusCode).toBe(400);
    expect(errorText(res.body)).toMatch(/^username: /);
  });

  it.each(HOSTILE)('refuses a full name with %s', async (why, value) => {
    const res = await newUser({ username: `u${why.length}${Math.floor(Math.random() * 1e6)}`, fullName: value });
    expect(res.statusCode, why).toBe(400);
    expect(errorText(res.body)).toMatch(/^fullName: /);
  });

  it.each(HOSTILE)('refuses an origin name with %s', async (_why, value) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/origins',
      headers: { cookie: admin },
      payload: { name: value, fqdn: 'o.example.test', protocol: 'http', deliveryServiceId: t.ids.deliveryServices.ds1 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorText(res.body)).toMatch(/^'name' /);
  });

  it('refuses the same in PUT user/current', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/1.3/user/current',
      headers: { cookie: admin },
      payload: { user: { fullName: 'x\u202Ey' } },
    });
    expect(res.statusCode).toBe(400);
    expect(errorText(res.body)).toMatch(/^fullName: /);
  });

  it('accepts names in any script, and emoji with joiners in full names', async () => {
    const res = await newUser({
      username: 'zoë.ångström_李',
      fullName: 'Zoë Ångström 李小龍 \u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await newUser({ username: 'a'.repeat(128) })).statusCode).toBe(200);
    expect((await newUser({ username: 'b'.repeat(129) })).statusCode).toBe(400);
  });
});

describe('names in a snapshot import', () => {
  it('refuses a snapshot whose usernames, full names or origin names break the rules, naming each', async () => {
    const doc = JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8')) as {
      users: Record<string, unknown>[];
      origins?: Record<string, unknown>[];
    };
    doc.users[0].username = 'bad\u0000name';
    doc.users[1].fullName = '\u{1F600}'.repeat(1000);
    if (doc.origins && doc.origins.length > 0) doc.origins[0].name = 'x'.repeat(300);
    const error = await importSnapshot(t.db, doc).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SnapshotError);
    const text = (error as SnapshotError).errors.join('\n');
    expect(text).toMatch(/username: cannot contain control/);
    expect(text).toMatch(/fullName: must be at most 256 characters/);
    if (doc.origins && doc.origins.length > 0) expect(text).toMatch(/name: must be at most 256 characters/);
  });
});
