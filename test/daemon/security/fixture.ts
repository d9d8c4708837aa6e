import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BuildOptions } from '../../../daemon/app.js';
import { defaultConfig, type DaemonConfig } from '../../../daemon/config.js';
import type { AppContext } from '../../../daemon/context.js';
import { SESSION_COOKIE } from '../../../shared/cookies.js';
import type { RouteDef } from '../../../daemon/http/route.js';
import { outboxMailer } from '../../../daemon/services/mail/outbox.js';
import { allRoutes } from '../../../daemon/routes/index.js';
import { hashPassword } from '../../../daemon/services/auth/passwords.js';
import { hashSecret, newSecret } from '../../../daemon/services/auth/tokens.js';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { openDatabase, type Db } from '../../../daemon/store/sqlite/db.js';
import { sqliteStore } from '../../../daemon/store/sqlite/index.js';
import { fieldsOf, type UserFields } from '../../../daemon/store/users.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import type { StoreKind } from '../../helpers/store-kinds.js';
import { VERSIONS, atLeast, type ApiVersion } from '../../../daemon/versions.js';
import { databaseChecksumPg } from './checksum-pg.js';

export const GOLDEN_SNAPSHOT = new URL('../../fixtures/golden/setup.snapshot.json', import.meta.url);
/** cdn1's caches (issue 15): a MID group over two EDGE groups, EDGEs of ds1/ds2 and of ds3 alone. */
export const CACHES_SNAPSHOT = new URL('../../fixtures/caches.snapshot.json', import.meta.url);

/** Passwords of the golden users, and of the users this fixture adds. */
export const PASSWORDS = {
  admin: 'Adm1nPassw0rd!',
  ro_user: 'R3adOnlyPassw0rd',
  ops_user: '0psUserPassw0rd',
  tenanta_user: '0psUserPassw0rd',
  portal_user: 'P0rtalUserPassw0rd',
  blocked_user: 'Bl0ckedUserPassw0rd',
  tenanta_admin: 'TenantAAdm1nPassw0rd',
  // From test/fixtures/caches.snapshot.json (issue 15).
  extension: 'Ext3nsionPassw0rd',
  ort_user: '0rtUserPassw0rd!',
} as const;
export type Username = keyof typeof PASSWORDS;

/** The callers of the role matrix, and the user each one is (null: no session at all). */
export const CALLERS = {
  admin: 'admin',
  operations: 'ops_user',
  portal: 'portal_user',
  'read-only': 'ro_user',
  disallowed: 'blocked_user',
  'no session': null,
  'tenant-a user': 'tenanta_user',
} as const satisfies Record<string, Username | null>;
export type Caller = keyof typeof CALLERS;

/** Role id and priv level of the seeded roles (BEHAVIOR.md §2). */
export const ROLES = {
  admin: { id: 1, privLevel: 30 },
  operations: { id: 2, privLevel: 20 },
  'read-only': { id: 3, privLevel: 10 },
  disallowed: { id: 4, privLevel: 0 },
  portal: { id: 5, privLevel: 15 },
} as const;

export interface Alert {
  text: string;
  level: string;
}

/** Ids of the golden records the tests point at. */
export interface GoldenIds {
  users: Record<Username, number>;
  tenants: { root: number; tenantA: number };
  deliveryServices: { ds1: number; ds2: number; ds3: number };
  federation: number;
  profile: number;
  cdn: { id: number; name: string };
  /** A secondary origin of ds1 (root tenant) and one of ds2 (tenant-a). */
  origins: { root: number; tenantA: number };
  /** Caches: edge2a is ds3's only serving cache (root tenant only); edge1a serves ds1 and ds2 (tenant-a sees it). */
  servers: { root: number; tenantA: number; rootHost: string; spare: number };
  cachegroup: number;
  /** A purge job on ds1 (root tenant). */
  job: number;
  /** The daemon's own HTTP check extension, and one an extension registered. */
  builtinExtension: number;
  /** A purge of ds1 (root tenant) by admin, starting in an hour (issue 17: /jobs takes job ids). */
  jobs: { root: number };
  extension: number;
  /** The set-0 host regex of ds1 and the PATH_REGEXP type (issue 31). */
  regexes: { ds1: number; pathType: number };
  /** The ANY_MAP delivery-service type (issue 31). */
  anyMapType: number;
}

export interface GoldenApp extends TestApp {
  ids: GoldenIds;
  outbox: string;
  /** A new session of `username` made straight in the store, as a login would: the Cookie header value. */
  session(username: Username): Promise<string>;
  /** Changes a user's role in the store. */
  setRole(username: Username, roleId: number): Promise<void>;
  /** A digest of every stored record (see `databaseChecksum`). */
  checksum(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Every route of the route table, built over a throwaway context: tests are generated from it at collection
 * time, so a route added to daemon/routes/index.ts gets its cases without anyone listing it here.
 */
export function routeTable(): RouteDef[] {
  const db = openDatabase(':memory:');
  const ctx: AppContext = {
    store: sqliteStore(db),
    config: defaultConfig(),
    clock: Date.now,
    mailer: { send: async () => undefined },
    baseUrl: () => null,
  };
  const routes = allRoutes(ctx);
  db.close();
  return routes;
}

/**
 * A digest of everything stored but the bookkeeping of sessions, failed logins and their change-log entries
 * (which a refused request may legitimately write): the export with hashes, then every other table's rows and row count.
 * `table_versions` is left out too: it counts writes for cache invalidation, not records (a sign-in entry of the
 * change log moves the log's version), and every record it versions is in the digest itself.
 */
export async function databaseChecksum(db: Db): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(await exportSnapshot(db, { withHashes: true })));
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('sessions', 'login_failures', 'login_successes', 'table_versions') ORDER BY name",
    )
    .pluck()
    .all();
  for (const table of tables) {
    // Sorted here: some tables have no rowid to order by.
    // Sign-in entries of the change log are bookkeeping too (a logout of any session writes one).
    const sql = table === 'log' ? "SELECT * FROM log WHERE level <> 'LOGIN'" : `SELECT * FROM "${table}"`;
    const rows = (db.prepare(sql).raw().all() as unknown[]).map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}:${rows.length}:${rows.join('\n')}`);
  }
  return hash.digest('hex');
}

const userFields = (username: string, roleId: number, tenantId: number, hash: string): UserFields => ({
  username,
  email: `${username}@example.test`,
  fullName: username,
  localPasswd: hash,
  roleId,
  tenantId,
  company: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  stateOrProvince: null,
  postalCode: null,
  country: null,
  phoneNumber: null,
  publicSshKey: null,
  gid: null,
  uid: null,
  newUser: false,
  registrationSent: null,
});

/**
 * The daemon app over a database loaded with the golden setup snapshot, plus a portal user, a user whose role is
 * disallowed, a tenant-a admin and one secondary origin in each tenant; mail goes to an outbox in a temp dir.
 * In memory unless `dbFile` names a database file.
 */
export async function goldenApp(
  options: {
    dbFile?: string;
    config?: Partial<DaemonConfig>;
    storeKind?: StoreKind;
    beforeReady?: (app: FastifyInstance) => void;
  } & Pick<BuildOptions, 'logger' | 'vault'> = {},
): Promise<GoldenApp> {
  const outbox = mkdtempSync(join(tmpdir(), 'cdnctl-sec-outbox-'));
  const t = await makeApp({
    mailer: outboxMailer(outbox),
    dbFile: options.dbFile,
    storeKind: options.storeKind,
    logger: options.logger,
    vault: options.vault,
    beforeReady: options.beforeReady,
    ...(options.config ? { config: options.config as DaemonConfig } : {}),
  });
  // Through the Store on PostgreSQL (issue 18); on SQLite the handle, as before.
  const target = t.kind === 'sqlite' ? t.db : t.store;
  await importSnapshot(target, JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8')), { now: t.clock.now() });
  await importSnapshot(target, JSON.parse(readFileSync(CACHES_SNAPSHOT, 'utf8')), { now: t.clock.now() });
  const now = t.clock.now();
  const tenants = await t.store.tenants.list();
  const tenantId = (name: string) => {
    const tenant = tenants.find((x) => x.name === name);
    if (!tenant) throw new Error(`golden tenant ${name} missing`);
    return tenant.id;
  };
  const root = tenantId('root');
  const tenantA = tenantId('tenant-a');
  const extra: [Username, number, number][] = [
    ['portal_user', ROLES.portal.id, root],
    ['blocked_user', ROLES.disallowed.id, root],
    ['tenanta_admin', ROLES.admin.id, tenantA],
  ];
  for (const [username, roleId, tenant] of extra) {
    await t.store.users.insert(userFields(username, roleId, tenant, await hashPassword(PASSWORDS[username])), now);
  }
  const users = {} as Record<Username, number>;
  for (const username of Object.keys(PASSWORDS) as Username[]) {
    const user = await t.store.users.byUsername(username);
    if (!user) throw new Error(`user ${username} missing from the fixture`);
    users[username] = user.id;
  }
  const ds = async (xmlId: string) => {
    const list = await t.store.deliveryServices.list({ xmlId });
    if (list.length !== 1) throw new Error(`golden delivery service ${xmlId} missing`);
    return list[0];
  };
  const [ds1, ds2, ds3] = [await ds('ds1'), await ds('ds2'), await ds('ds3')];
  const federations = await t.store.federations.list();
  const profiles = await t.store.profiles.list({ name: 'ORG_PROFILE1' });
  const cdn = await t.store.cdns.byName('cdn1');
  if (federations.length === 0 || profiles.length !== 1 || !cdn)
    throw new Error('golden federation, profile or cdn missing');
  const origin = async (name: string, dsId: number, tenant: number) => {
    const id = await t.store.origins.insert(
      {
        name,
        fqdn: `${name}.example.test`,
        protocol: 'http',
        port: null,
        ipAddress: null,
        ip6Address: null,
        deliveryServiceId: dsId,
        cachegroupId: null,
        coordinateId: null,
        profileId: null,
        tenantId: tenant,
      },
      now,
    );
    if (id === null) throw new Error(`origin ${name} not created`);
    return id;
  };
  const ids: GoldenIds = {
    users,
    tenants: { root, tenantA },
    deliveryServices: { ds1: ds1.id, ds2: ds2.id, ds3: ds3.id },
    federation: federations[0].id,
    profile: profiles[0].id,
    cdn: { id: cdn.id, name: cdn.name },
    origins: {
      root: await origin('root-secondary', ds1.id, root),
      tenantA: await origin('tenant-a-secondary', ds2.id, tenantA),
    },
    ...(await cacheIds(t, ds1.id, users.admin)),
    regexes: {
      ds1: (await t.store.deliveryServiceWrites.regexes(ds1.id))[0].id,
      pathType: (await t.store.typeLookup.find('regex', { name: 'PATH_REGEXP' }))!.id,
    },
    anyMapType: (await t.store.typeLookup.find('deliveryservice', { name: 'ANY_MAP' }))!.id,
    jobs: {
      root: (
        await t.store.jobs.insertPurge({
          assetUrl: 'http://ds1-origin.example.test/fixture/.*',
          ttlHours: 24,
          startTime: now + 3600_000,
          enteredTime: now,
          userId: users.admin,
          deliveryServiceId: ds1.id,
        })
      ).id,
    },
  };

  return {
    ...t,
    ids,
    outbox,
    async session(username) {
      const secret = newSecret();
      const at = t.clock.now();
      await t.store.sessions.create({
        idHash: hashSecret(secret),
        userId: users[username],
        createdAt: at,
        expiresAt: at + 6 * 3600_000,
        idleExpiresAt: at + 3600_000,
      });
      return `${SESSION_COOKIE}=${secret}`;
    },
    async setRole(username, roleId) {
      const user = await t.store.users.byId(users[username]);
      if (!user) throw new Error(`user ${username} missing`);
      await t.store.users.update(user.id, { ...fieldsOf(user), roleId }, t.clock.now());
    },
    checksum: () => (t.pool ? databaseChecksumPg(t.store, t.pool) : databaseChecksum(t.db)),
    async close() {
      await t.close();
      rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/** The ids of the cache records the tests point at. */
async function cacheIds(t: TestApp, ds1: number, admin: number) {
  const server = async (host: string) => (await t.store.servers.byHostName(host, null))!.id;
  const cachegroup = (await t.store.cachegroups.list({ name: 'edge-cg2' }))[0].id;
  const job = await t.store.jobs.insertPurge({
    assetUrl: 'http://ds1-origin.example.test/fixture',
    ttlHours: 1,
    startTime: t.clock.now(),
    enteredTime: t.clock.now(),
    userId: admin,
    deliveryServiceId: ds1,
  });
  const builtin = (await t.store.serverChecks.extensions()).find((e) => e.servercheckShortName === 'HTTP')!;
  const type = (await t.store.typeLookup.find('to_extension', { name: 'CHECK_EXTENSION_NUM' }))!;
  const extension = await t.store.serverChecks.insertExtension(
    {
      name: 'fixture-check',
      version: '1',
      infoUrl: 'https://example.test',
      scriptFile: 'fixture.pl',
      isActive: true,
      additionalConfigJson: null,
      description: null,
      servercheckShortName: 'FIXT',
      typeId: type.id,
    },
    t.clock.now(),
  );
  if (!('id' in extension)) throw new Error('fixture check extension not created');
  return {
    servers: {
      root: await server('edge2a'),
      tenantA: await server('edge1a'),
      rootHost: 'edge2a',
      spare: await server('edge2c'),
    },
    cachegroup,
    job: job.id,
    builtinExtension: builtin.id,
    extension: extension.id,
  };
}

/** The alerts of a JSON answer; fails the test when the answer is not the alerts envelope. */
export function alertsOf(res: { headers: Record<string, unknown>; body: string }): Alert[] {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { alerts?: unknown };
  expect(Array.isArray(body.alerts), `answer without an alerts array: ${res.body.slice(0, 300)}`).toBe(true);
  return body.alerts as Alert[];
}

/** Asserts the error envelope: JSON, an `alerts` array holding at least one `error` alert with text. */
export function expectErrorEnvelope(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): Alert[] {
  const list = alertsOf(res);
  const errors = list.filter((a) => a.level === 'error');
  expect(errors.length, `status ${res.statusCode} without an error alert: ${res.body.slice(0, 300)}`).toBeGreaterThan(
    0,
  );
  for (const alert of errors) expect(typeof alert.text === 'string' && alert.text.length > 0).toBe(true);
  return list;
}

/** A real record for each path parameter, keyed by the segment before it: `users/:id` is a user id. */
export const PATH_VALUES: Record<string, (ids: GoldenIds) => string> = {
  'users/:id': (ids) => String(ids.users.ro_user),
  'user/:id': (ids) => String(ids.users.ro_user),
  'users/:userId': (ids) => String(ids.users.ro_user),
  'deliveryservices/:id': (ids) => String(ids.deliveryServices.ds1),
  'profiles/:id': (ids) => String(ids.profile),
  'federations/:id': (ids) => String(ids.federation),
  'cdns/:name': (ids) => ids.cdn.name,
  'name/:name': () => 'GLOBAL',
  // A CDN's name, where a route names one after `cdns/name/` (the key before is the longer one, see fillPath).
  'cdns/name/:name': (ids) => ids.cdn.name,
  'servers/:id': (ids) => String(ids.servers.root),
  'servers/:hostname': (ids) => ids.servers.rootHost,
  'cdns/:id': (ids) => String(ids.cdn.id),
  'cachegroups/:id': (ids) => String(ids.cachegroup),
  'to_extensions/:id': (ids) => String(ids.builtinExtension),
  'jobs/:id': (ids) => String(ids.jobs.root),
  // issue 21: the key store
  'xmlId/:xmlId': () => 'ds1',
  'deliveryservices/:xmlId': () => 'ds1',
  'copyFromXmlId/:copyFromXmlId': () => 'ds2',
  // issue 16: the cache configuration files
  'profiles/:name': () => 'EDGE_PROFILE1',
  'ats/:file': () => 'remap.config',
  // issue 31: delivery-service regexes and user links
  'regexes/:regexId': (ids) => String(ids.regexes.ds1),
  // ds2 (tenant-a's): the tenant-a caller is allowed by role, and on ds1 its tenant would refuse it with a 403.
  'deliveryservice_user/:dsId': (ids) => String(ids.deliveryServices.ds2),
  ':dsId/:userId': (ids) => String(ids.users.tenanta_user),
  // issue 31: delivery-service requests (the golden data has none: the matrix's allowed PUTs find nothing)
  'deliveryservice_requests/:id': () => '999999',
  // issue 30: the topology's small tables. No record: the matrix's allowed DELETE must change nothing.
  'divisions/:id': () => '999999',
  'regions/:id': () => '999999',
  'phys_locations/:id': () => '999999',
  'types/:id': () => '999999',
  'statuses/:id': () => '999999',
  'asns/:id': () => '999999',
  // issue 30: a cache group's parameter link (edge-cg2 has none: the parameter id is the golden profile's first)
  'cachegroupparameters/:cachegroupId': (ids) => String(ids.cachegroup),
  ':cachegroupId/:parameterId': () => '1',
  // issue 30: servers' details by host name
  'hostname/:hostName': (ids) => ids.servers.rootHost,
  'deliveryservice_server/:dsId': (ids) => String(ids.deliveryServices.ds3),
  ':dsId/:serverId': (ids) => String(ids.servers.spare),
  // issue 31: profiles and parameters (a parameter of GLOBAL; a copy's source)
  'parameters/:id': () => '1',
  'profileparameters/:profileId': (ids) => String(ids.profile),
  ':profileId/:parameterId': () => '999999',
  'copy/:existing': () => 'ORG_PROFILE1',
  // issue 31: tenants and federations
  'tenants/:id': (ids) => String(ids.tenants.tenantA),
  'federations/:id/federation_resolvers': (ids) => String(ids.federation),
  'federation_resolvers/:id': () => '99999',
  'deliveryservices/:dsID': (ids) => String(ids.deliveryServices.ds1),
  // issue 34: the Perl root routes ORT reads
  'ort/:hostname': (ids) => ids.servers.rootHost,
  'update/:hostname': (ids) => ids.servers.rootHost,
  // issue 35: a CDN published by name (PUT snapshot/:cdn)
  'snapshot/:cdn': (ids) => ids.cdn.name,
};

/** Where a route lives at a version: under /api/<version>, or at the root for the Perl routes (`root`). */
export const routePrefix = (route: RouteDef, version: string): string => (route.root ? '' : `/api/${version}`);

/** The versions to ask a route at: every one from its `since`, or its `since` alone for a root route (one URL). */
export const versionsOf = (route: RouteDef): ApiVersion[] =>
  route.root ? [route.since] : VERSIONS.filter((v) => atLeast(v, route.since));

/**
 * A path parameter `/:param` with the segment before it (looked behind, not consumed, so two parameters in a row,
 * `cachegroupparameters/:cachegroupId/:parameterId`, are both found: the second's segment is `:cachegroupId`).
 */
export const PATH_PARAM = /(?<=(?:^|\/)([^/]+))\/:([A-Za-z]+)/g;

/** The `segment/:param` keys of a route's path parameters. */
export const pathParams = (url: string) => [...url.matchAll(PATH_PARAM)].map((m) => `${m[1]}/:${m[2]}`);

/** Fills a route's path parameters with golden ids; a parameter no test knows fails, asking for a value. */
export function fillPath(route: RouteDef, url: string, ids: GoldenIds): string {
  return url.replace(PATH_PARAM, (_all, segment: string, param: string, offset: number) => {
    // `cdns/name/:name` before `name/:name`: the segment before the parameter's own tells them apart.
    const previous = url.slice(0, offset).split('/').at(-2);
    const value = PATH_VALUES[`${previous}/${segment}/:${param}`] ?? PATH_VALUES[`${segment}/:${param}`];
    if (!value) {
      throw new Error(
        `${route.method} ${route.url}: no test value for the path parameter ':${param}' after '${segment}/'. ` +
          `Add a real record for '${segment}/:${param}' to PATH_VALUES in test/security/fixture.ts.`,
      );
    }
    return `/${encodeURIComponent(value(ids))}`;
  });
}

/** The outbox writes mail quoted-printable: soft line breaks and `=XX` escapes. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The tokens mailed to `address`, oldest first, read from the outbox's .eml files. */
export function mailedTokens(outbox: string, address: string): string[] {
  return readdirSync(outbox)
    .sort()
    .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')))
    .filter((mail) => mail.includes(`To: ${address}`))
    .map((mail) => /log in with this token: ([A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? '');
}
