/**
 * Test data for the users API, inserted straight into a fresh database: a tenant tree, one user per role and
 * tenant that the tests need, a CDN and delivery services with some users assigned.
 *
 *   root ── tenant-a ── tenant-a1
 *        ├─ tenant-b
 *        └─ tenant-off (inactive) ── tenant-off-child
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import type { Mailer, MailMessage } from '../../../daemon/services/mail/mailer.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../../helpers/app.js';

export const USER_PASSWORD = 'Fixture-Passw0rd';

export interface World {
  tenants: { root: number; a: number; a1: number; b: number; off: number; offChild: number };
  users: { admin: number; ro: number; ops: number; opsA: number; roB: number; offUser: number };
  ds: { ds1: number; ds2: number; ds3: number; ds4: number; ds5: number };
}

/** Fixture usernames by key of World['users']. */
export const USERNAMES = {
  admin: 'admin',
  ro: 'ro_user',
  ops: 'ops_user',
  opsA: 'tenanta_user',
  roB: 'tenantb_user',
  offUser: 'off_user',
} as const;

let sharedHash: Promise<string> | null = null;

/** Inserts the fixture world; every fixture user has USER_PASSWORD (hashed once per test file). */
export async function seedWorld(db: Db, now: number): Promise<World> {
  sharedHash ??= hashPassword(USER_PASSWORD);
  const hash = await sharedHash;
  const tenant = db.prepare('INSERT INTO tenants (name, active, parent_id, last_updated) VALUES (?, ?, ?, ?)');
  const addTenant = (name: string, parent: number, active = 1) =>
    Number(tenant.run(name, active, parent, now).lastInsertRowid);
  const root = (db.prepare("SELECT id FROM tenants WHERE name = 'root'").get() as { id: number }).id;
  const a = addTenant('tenant-a', root);
  const a1 = addTenant('tenant-a1', a);
  const b = addTenant('tenant-b', root);
  const off = addTenant('tenant-off', root, 0);
  const offChild = addTenant('tenant-off-child', off);

  const user = db.prepare(
    `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  const addUser = (username: string, roleId: number, tenantId: number) =>
    Number(
      user.run(username, `${username}@example.test`, `${username} full`, hash, roleId, tenantId, now).lastInsertRowid,
    );
  const admin = (db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number }).id;
  const users = {
    admin,
    ro: addUser(USERNAMES.ro, 3, root),
    ops: addUser(USERNAMES.ops, 2, root),
    opsA: addUser(USERNAMES.opsA, 2, a),
    roB: addUser(USERNAMES.roB, 3, b),
    offUser: addUser(USERNAMES.offUser, 2, off),
  };

  const cdn = Number(
    db.prepare("INSERT INTO cdns (name, domain_name, last_updated) VALUES ('cdn1', 'cdn1.example.test', ?)").run(now)
      .lastInsertRowid,
  );
  const type = (
    db.prepare("SELECT id FROM types WHERE name = 'HTTP' AND use_in_table = 'deliveryservice'").get() as { id: number }
  ).id;
  const dsInsert = db.prepare(
    'INSERT INTO deliveryservices (xml_id, display_name, tenant_id, cdn_id, type_id, last_updated) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const addDs = (xmlId: string, display: string, tenantId: number) =>
    Number(dsInsert.run(xmlId, display, tenantId, cdn, type, now).lastInsertRowid);
  // Inserted out of xmlId order, so that ordering by xmlId is visible.
  const ds3 = addDs('ds3', 'DS Three', root);
  const ds1 = addDs('ds1', 'DS One', root);
  const ds2 = addDs('ds2', 'DS Two', a);
  const ds4 = addDs('ds4', 'DS Four', b);
  const ds5 = addDs('ds5', 'DS Five', a1);
  const assign = db.prepare('INSERT INTO deliveryservice_users (deliveryservice_id, user_id) VALUES (?, ?)');
  assign.run(ds1, users.ro);
  assign.run(ds2, users.ro);
  assign.run(ds2, users.opsA);
  assign.run(ds4, users.roB);

  return { tenants: { root, a, a1, b, off, offChild }, users, ds: { ds1, ds2, ds3, ds4, ds5 } };
}

/** An app with the fixture world. */
export type WorldApp = TestApp & { world: World };

/** A fresh app with the fixture world. */
export async function worldApp(options: Parameters<typeof makeApp>[0] = {}): Promise<WorldApp> {
  const t = await makeApp(options);
  const world = await seedWorld(t.db, t.clock.now());
  return Object.assign(t, { world });
}

/** Logs a fixture user in (admin with its own password). */
export function loginAs(app: FastifyInstance, key: keyof typeof USERNAMES, version = '1.2'): Promise<string> {
  return login(app, USERNAMES[key], key === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD, version);
}

/** Thin request helpers bound to an app. */
export function client(app: FastifyInstance) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, cookie?: string) => send('GET', url, cookie),
    post: (url: string, cookie: string | undefined, payload?: unknown) => send('POST', url, cookie, payload),
    put: (url: string, cookie: string | undefined, payload?: unknown) => send('PUT', url, cookie, payload),
  };
}

/** The request helpers of `client`. */
export type Client = ReturnType<typeof client>;

/** A fresh world app, its client, and a session of each of `keys`, logged in (in order) after `prepare` ran. */
export async function worldSessions<K extends keyof typeof USERNAMES>(
  keys: readonly K[],
  options: { app?: Parameters<typeof makeApp>[0]; prepare?: (t: WorldApp) => void } = {},
): Promise<{ t: WorldApp; api: Client; cookies: Record<K, string> }> {
  const t = await worldApp(options.app);
  const api = client(t.app);
  options.prepare?.(t);
  const cookies = {} as Record<K, string>;
  for (const key of keys) cookies[key] = await loginAs(t.app, key);
  return { t, api, cookies };
}

export interface Alert {
  text: string;
  level: string;
}
export const alertsOf = (res: LightMyRequestResponse): Alert[] => (res.json() as { alerts: Alert[] }).alerts;
export const errorOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, alerts: alertsOf(res) });
export const responseOf = <T = unknown>(res: LightMyRequestResponse): T => (res.json() as { response: T }).response;

/** Every row of the tables a users write may touch, to prove that a refused request changed nothing. */
export function dump(db: Db): string {
  const tables = ['users', 'user_tokens', 'sessions', 'deliveryservice_users', 'tenants'];
  return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
}

/** Sends a request that must fail with `status` and the error `text`, and checks that nothing stored changed. */
export async function expectRefused(
  db: Db,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  text: string,
): Promise<void> {
  const before = dump(db);
  const res = await send();
  expect(errorOf(res)).toEqual({ status, alerts: [{ text, level: 'error' }] });
  expect(dump(db)).toBe(before);
}

/** A mailer that keeps what it is given, and fails while `failing` is set. */
export function recordingMailer() {
  const sent: MailMessage[] = [];
  const state = { failing: false };
  const mailer: Mailer = {
    async send(message) {
      if (state.failing) throw new Error('mail server refused the message');
      sent.push(message);
    },
  };
  return { mailer, sent, state };
}

/** The token a registration or reset mail carries, read from its link. */
export function tokenFromMail(text: string): string {
  const token = /#!\/user\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no token link in mail:\n${text}`);
  return token;
}
