import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS, atLeast, type ApiVersion } from '../../daemon/versions.js';
import { GO, GO_DS, expectShape, type Shape } from '../helpers/go-types.js';
import { goldenApp, type GoldenApp } from './security/fixture.js';

/**
 * Every record of every route at every served version, field by field: the seed's JSON types at exactly the
 * versions the seed fixes for that record (users and current user 1.1/1.2, the user's delivery services and the
 * create answer 1.2, available delivery services and the user's jobs 1.1/1.2, profiles 1.1), Traffic Ops' own 1.x
 * types everywhere else (types, null-ability and key order of docs/reference/traffic-ops-1.4-1.5-types.md and
 * traffic-ops-wave3.md). BEHAVIOR.md "Shapes at the versions the seed does not fix" (issue 34).
 */

const each = (keys: string[], type: string): Shape => Object.fromEntries(keys.map((k) => [k, type]));
const PROFILE_FIELDS = [
  'addressLine1',
  'addressLine2',
  'city',
  'company',
  'country',
  'phoneNumber',
  'postalCode',
  'publicSshKey',
  'stateOrProvince',
];
const tenantKeys = (v: ApiVersion): Shape => (atLeast(v, '1.2') ? { tenant: 'string', tenantId: 'number' } : {});
const SEED_USER = {
  ...each(PROFILE_FIELDS, 'string|null'),
  email: 'string',
  fullName: 'string',
  username: 'string',
  id: 'string',
  role: 'string',
  gid: 'string|null',
  uid: 'string|null',
  newUser: 'boolean',
  lastUpdated: 'string',
};

const SEED_DS_STRINGS = [
  'cdnId',
  'dscp',
  'geoLimit',
  'geoProvider',
  'id',
  'initialDispersion',
  'protocol',
  'qstringIgnore',
  'rangeRequestHandling',
  'typeId',
];
const SEED_DS: Shape = {
  ...each(
    ['active', 'ipv6RoutingEnabled', 'logsEnabled', 'multiSiteOrigin', 'regionalGeoBlocking', 'signed'],
    'boolean',
  ),
  ...each(SEED_DS_STRINGS, 'string'),
  ...each(
    [
      'ccrDnsTtl',
      'dnsBypassTtl',
      'globalMaxMbps',
      'globalMaxTps',
      'maxDnsAnswers',
      'profileId',
      'sslKeyVersion',
      'missLat',
      'missLong',
    ],
    'string|null',
  ),
  ...each(
    [
      'cacheurl',
      'checkPath',
      'dnsBypassCname',
      'dnsBypassIp',
      'dnsBypassIp6',
      'edgeHeaderRewrite',
      'geoLimitCountries',
      'geoLimitRedirectURL',
      'geoLimitRedirectUrl',
      'httpBypassFqdn',
      'infoUrl',
      'longDesc',
      'longDesc1',
      'longDesc2',
      'midHeaderRewrite',
      'orgServerFqdn',
      'originShield',
      'profileDescription',
      'profileName',
      'regexRemap',
      'remapText',
      'trRequestHeaders',
      'trResponseHeaders',
    ],
    'string|null',
  ),
  ...each(
    ['cdnName', 'deepCachingType', 'displayName', 'lastUpdated', 'routingName', 'tenant', 'type', 'xmlId'],
    'string',
  ),
  tenantId: 'number',
  exampleURLs: 'array',
  matchList: 'array',
  multiSiteOriginAlgorithm: 'boolean|null',
  // issue 17: the Traffic Ops fields beyond the seed's table, at every version with Traffic Ops' types.
  anonymousBlockingEnabled: 'boolean',
  consistentHashQueryParams: 'array',
  consistentHashRegex: 'string|null',
  ecsEnabled: 'boolean',
  fqPacingRate: 'number|null',
  maxOriginConnections: 'number|null',
  rangeSliceBlockSize: 'number|null',
  signingAlgorithm: 'string|null',
};

interface Case {
  path: (t: GoldenApp) => string;
  since: ApiVersion;
  /** The expected shape of each record at `v`, and whether the key order is fixed. */
  shape: (v: ApiVersion, record: Record<string, unknown>) => { shape: Shape; ordered: boolean };
  /** The response is one object, not a list. */
  single?: boolean;
}

/** True at the versions the seed fixes the record's shape (docs/api/cdn-control-api.md). */
const seedAt = (v: ApiVersion, ...versions: ApiVersion[]) => versions.includes(v);
const GO_DS_BY_VERSION: Record<ApiVersion, Shape> = {
  '1.1': GO_DS.v12,
  '1.2': GO_DS.v12,
  '1.3': GO_DS.v13,
  '1.4': GO_DS.v14,
  '1.5': GO_DS.v15,
};
const CASES: Record<string, Case> = {
  'GET users': {
    path: () => '/users',
    since: '1.1',
    shape: (v) =>
      !seedAt(v, '1.1', '1.2')
        ? { shape: GO.userGet, ordered: true }
        : {
            shape: { ...SEED_USER, rolename: 'string', registrationSent: 'boolean', ...tenantKeys(v) },
            ordered: false,
          },
  },
  'GET users/:id': {
    path: (t) => `/users/${t.ids.users.ro_user}`,
    since: '1.1',
    shape: (v) =>
      !seedAt(v, '1.1', '1.2')
        ? { shape: GO.userGet, ordered: true }
        : {
            shape: { ...SEED_USER, rolename: 'string', registrationSent: 'boolean', ...tenantKeys(v) },
            ordered: false,
          },
  },
  'GET user/current': {
    path: () => '/user/current',
    since: '1.1',
    single: true,
    shape: (v) =>
      !seedAt(v, '1.1', '1.2')
        ? { shape: GO.userCurrent, ordered: true }
        : { shape: { ...SEED_USER, roleName: 'string', localUser: 'boolean', ...tenantKeys(v) }, ordered: false },
  },
  'GET users/:id/deliveryservices': {
    path: (t) => `/users/${t.ids.users.ro_user}/deliveryservices`,
    since: '1.1',
    shape: (v) => (!seedAt(v, '1.2') ? { shape: GO_DS.v15, ordered: true } : { shape: SEED_DS, ordered: false }),
  },
  'GET deliveryservices': {
    path: () => '/deliveryservices',
    since: '1.1',
    // The seed fixes no record here: Traffic Ops' V12 at 1.1/1.2, V13 at 1.3, V14 at 1.4, V15 at 1.5.
    shape: (v) => ({ shape: GO_DS_BY_VERSION[v], ordered: true }),
  },
  'GET profiles': {
    path: () => '/profiles',
    since: '1.1',
    shape: (v) =>
      !seedAt(v, '1.1')
        ? { shape: GO.profile, ordered: true }
        : { shape: { ...GO.profile, id: 'string', cdnName: 'string', cdn: 'number' }, ordered: false },
  },
  'GET origins': { path: () => '/origins', since: '1.3', shape: () => ({ shape: GO.origin, ordered: true }) },
  'GET federations/:id/users': {
    path: (t) => `/federations/${t.ids.federation}/users`,
    since: '1.2',
    shape: () => ({ shape: GO.federationUser, ordered: false }),
  },
  'GET tenants': {
    path: () => '/tenants',
    since: '1.1',
    shape: (_v, r) => ({ shape: r.parentId === null ? GO.rootTenant : GO.tenant, ordered: true }),
  },
  'GET roles': {
    path: () => '/roles',
    since: '1.1',
    shape: (v) =>
      atLeast(v, '1.3')
        ? { shape: GO.role, ordered: true }
        : { shape: { id: 'number', name: 'string', description: 'string', privLevel: 'number' }, ordered: false },
  },
  'GET cdns': { path: () => '/cdns', since: '1.1', shape: () => ({ shape: GO.cdn, ordered: true }) },
  'GET user/:id/deliveryservices/available': {
    path: (t) => `/user/${t.ids.users.ro_user}/deliveryservices/available`,
    since: '1.2',
    shape: (v) => ({
      shape: { id: seedAt(v, '1.2') ? 'string' : 'number', displayName: 'string', xmlId: 'string' },
      ordered: !seedAt(v, '1.2'),
    }),
  },
  'GET user/:id/deliveryservices/available.json': {
    path: (t) => `/user/${t.ids.users.ro_user}/deliveryservices/available.json`,
    since: '1.1',
    shape: (v): { shape: Shape; ordered: boolean } =>
      !seedAt(v, '1.1', '1.2')
        ? { shape: { id: 'number', displayName: 'string', xmlId: 'string' }, ordered: true }
        : { shape: { id: 'string', xmlId: 'string' }, ordered: false },
  },
  'GET jobs': { path: () => '/jobs', since: '1.1', shape: () => ({ shape: GO.invalidationJob, ordered: true }) },
  'GET user/current/jobs': {
    path: () => '/user/current/jobs',
    since: '1.1',
    shape: (v) =>
      !seedAt(v, '1.1', '1.2')
        ? { shape: GO.userInvalidationJob, ordered: true }
        : {
            shape: {
              ...each(
                [
                  'id',
                  'keyword',
                  'assetUrl',
                  'assetType',
                  'status',
                  'dsId',
                  'dsXmlId',
                  'username',
                  'parameters',
                  'enteredTime',
                  'agent',
                  'startTime',
                ],
                'string',
              ),
              objectName: 'string|null',
              objectType: 'string|null',
            },
            ordered: false,
          },
  },
  // Outside the seed at every version: Traffic Ops' own types (issue 34, item 3).
  'GET profiles/:id': {
    path: (t) => `/profiles/${t.ids.profile}`,
    since: '1.1',
    shape: (v) =>
      !seedAt(v, '1.1')
        ? { shape: GO.profile, ordered: true }
        : { shape: { ...GO.profile, id: 'string', cdnName: 'string', cdn: 'number' }, ordered: false },
  },
  'GET profiles/name/:name/parameters': {
    path: () => '/profiles/name/GLOBAL/parameters',
    since: '1.1',
    shape: () => ({ shape: GO.profileParameter, ordered: false }),
  },
  'GET servers/:id/deliveryservices': {
    path: (t) => `/servers/${t.ids.servers.tenantA}/deliveryservices`,
    since: '1.3',
    shape: () => ({ shape: GO_DS.v15, ordered: true }),
  },
};

let t: GoldenApp;
let admin: string;
beforeAll(async () => {
  t = await goldenApp();
  admin = await t.session('admin');
  // A federation user, so federations/:id/users has a record to check.
  t.db
    .prepare('INSERT INTO federation_users (federation_id, user_id) VALUES (?, ?)')
    .run(t.ids.federation, t.ids.users.ro_user);
});
afterAll(async () => {
  await t?.close();
});

describe.each(Object.entries(CASES))('%s: JSON types per version', (name, c) => {
  it.each(VERSIONS.filter((v) => atLeast(v, c.since)))('at %s', async (v) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${v}${c.path(t)}`, headers: { cookie: admin } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const response = (res.json() as { response: unknown }).response;
    const records = (c.single ? [response] : response) as Record<string, unknown>[];
    expect(records.length, `${name} at ${v} answers records to check`).toBeGreaterThan(0);
    for (const [i, record] of records.entries()) {
      const { shape, ordered } = c.shape(v, record);
      expectShape(record, shape, `${name}[${i}] at ${v}`, { ordered });
    }
  });
});

describe('POST users.json: the created record per version', () => {
  it.each(VERSIONS)('at %s', async (v) => {
    const body = {
      username: `shape_${v.replace('.', '_')}`,
      email: `shape_${v.replace('.', '_')}@example.test`,
      fullName: 'Shape Probe',
      localPasswd: 'Sh4peProbePassw0rd',
      confirmLocalPasswd: 'Sh4peProbePassw0rd',
      role: 3,
      tenantId: t.ids.tenants.root,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${v}/users.json`,
      headers: { cookie: admin },
      payload: body,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const record = (res.json() as { response: unknown }).response;
    if (!seedAt(v, '1.2')) expectShape(record, GO.user, `POST users.json at ${v}`, { ordered: true });
    else {
      const seedWrite = {
        ...SEED_USER,
        id: 'number',
        role: 'number',
        gid: 'number|null',
        uid: 'number|null',
        roleName: 'string',
        registrationSent: 'boolean',
        tenant: 'string',
        tenantId: 'number',
      };
      expectShape(record, seedWrite, `POST users.json at ${v}`);
    }
  });
});
