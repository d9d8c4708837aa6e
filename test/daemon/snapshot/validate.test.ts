import { describe, expect, it } from 'vitest';
import type { KnownRecords } from '../../../daemon/store/snapshot-types.js';
import { validateSnapshot } from '../../../daemon/services/snapshot/validate.js';
import { noKnownPlaces } from '../../../daemon/store/snapshot-places.js';

/** What a database holds after first start, plus one delivery service with a primary origin and one without. */
function known(): KnownRecords {
  return {
    ...noKnownPlaces(),
    ...noKnownPlaces(),
    tenants: new Map([['root', null]]),
    cdns: new Set(['ALL']),
    coordinates: new Set(),
    cachegroups: new Set(),
    cachegroupInfo: new Map(),
    profiles: new Set(['GLOBAL']),
    roles: new Set(['admin', 'operations', 'read-only', 'disallowed', 'portal', 'federation']),
    deliveryServiceTypes: new Set(['HTTP', 'DNS']),
    cachegroupTypes: new Set(['EDGE_LOC', 'ORG_LOC']),
    serverTypes: new Set(['EDGE', 'MID']),
    deliveryServiceCdns: new Map([
      ['old-ds', 'ALL'],
      ['bare-ds', 'ALL'],
    ]),
    users: new Map([['admin', 'admin@localhost']]),
    deliveryServices: new Map<string, string | null>([
      ['old-ds', 'https://old.example.test'],
      ['bare-ds', null],
    ]),
    origins: new Map([
      ['old-ds', { deliveryService: 'old-ds', isPrimary: true }],
      ['spare', { deliveryService: 'old-ds', isPrimary: false }],
    ]),
    jobs: new Map([[7, 'old-ds']]),
  };
}

const cdn = { name: 'cdn1', domainName: 'cdn1.example.test' };
const ds = (fields: Record<string, unknown> = {}) => ({
  xmlId: 'ds1',
  displayName: 'DS One',
  cdnName: 'cdn1',
  type: 'HTTP',
  tenant: 'root',
  ...fields,
});
const errorsOf = (doc: unknown) => validateSnapshot(doc, known()).errors;
const dsErrors = (fields: Record<string, unknown>) => errorsOf({ cdns: [cdn], deliveryServices: [ds(fields)] });

describe('validateSnapshot: the document', () => {
  it('accepts a minimal valid snapshot and fills the defaults', () => {
    const { errors, model } = validateSnapshot({ cdns: [cdn], deliveryServices: [ds()] }, known());
    expect(errors).toEqual([]);
    expect(model.deliveryServices[0].settings).toMatchObject({
      routingName: 'cdn',
      active: true,
      protocol: 0,
      initialDispersion: 1,
      deepCachingType: 'NEVER',
    });
  });

  it.each([
    ['an array', []],
    ['a string', 'cdns'],
    ['null', null],
  ])('rejects a document that is %s', (_what, doc) => {
    expect(errorsOf(doc)).toEqual(['snapshot: must be a JSON object with sections such as "deliveryServices"']);
  });

  it('rejects an unknown section, a section that is not an array and a record that is not an object', () => {
    expect(errorsOf({ caches: [], cdns: {}, tenants: ['x'] })).toEqual([
      'caches: unknown section (known: cdns, tenants, types, statuses, divisions, regions, physLocations, coordinates, cachegroups, asns, profiles, users, deliveryServices, origins, servers, federations, jobs)',
      'cdns: must be an array',
      'tenants[0]: must be an object',
    ]);
  });

  it('rejects a field the record type does not have', () => {
    expect(dsErrors({ tenantName: 'root' })).toEqual([
      'deliveryServices[0] (xmlId "ds1"): tenantName: is not a known field',
    ]);
  });

  it('names a record without its key by index only', () => {
    expect(errorsOf({ cdns: [{ domainName: 'x.example.test' }] })).toEqual(['cdns[0]: name: is required']);
  });

  it('rejects the same natural key twice', () => {
    expect(errorsOf({ cdns: [cdn, { ...cdn }] })).toEqual([
      'cdns[1] (name "cdn1"): name: "cdn1" appears twice (also cdns[0])',
    ]);
  });
});

describe('validateSnapshot: delivery-service fields', () => {
  // Issue 31: the API's delivery-service rules and texts (Traffic Ops': no spaces, no periods, 1-48 characters).
  it.each([
    ['ds 1', "'xmlId' cannot contain spaces"],
    ['ds.1', "'xmlId' cannot contain periods"],
    ['x'.repeat(49), "'xmlId' the length must be between 1 and 48"],
  ])('rejects the xmlId %s', (xmlId, text) => {
    expect(dsErrors({ xmlId })).toEqual([`deliveryServices[0] (xmlId "${xmlId}"): ${text}`]);
  });

  it.each(['DS1', 'ds_1'])('takes the xmlId %s, as the API does', (xmlId) => {
    expect(dsErrors({ xmlId })).toEqual([]);
  });

  it.each([
    ['cdn.edge', "'routingName' cannot contain periods"],
    ['-cdn', "'routingName' must be a valid hostname"],
  ])('rejects the routingName %s', (routingName, text) => {
    expect(dsErrors({ routingName })).toEqual([`deliveryServices[0] (xmlId "ds1"): ${text}`]);
  });

  it.each([
    'ftp://origin.example.test',
    'http://origin.example.test/path',
    'http://origin.example.test/',
    'origin.example.test',
    'http://origin.example.test:70000',
  ])('rejects the orgServerFqdn %s', (orgServerFqdn) => {
    expect(dsErrors({ orgServerFqdn })).toEqual([
      `deliveryServices[0] (xmlId "ds1"): 'orgServerFqdn' must start with http:// or https:// and be followed by a valid hostname with an optional port (no trailing slash)`,
    ]);
  });

  it('reads orgServerFqdn with a port as the primary origin', () => {
    const { model } = validateSnapshot(
      { cdns: [cdn], deliveryServices: [ds({ orgServerFqdn: 'https://o.example.test:8443' })] },
      known(),
    );
    expect(model.deliveryServices[0].orgServerFqdn).toEqual({ protocol: 'https', fqdn: 'o.example.test', port: 8443 });
  });

  it('reports wrong types for each field it reads', () => {
    expect(
      dsErrors({
        active: 'yes',
        dscp: 'abc',
        missLat: '95',
        protocol: 7,
        deepCachingType: 'SOMETIMES',
        users: 'ro_user',
      }),
    ).toEqual([
      'deliveryServices[0] (xmlId "ds1"): active: must be a boolean',
      'deliveryServices[0] (xmlId "ds1"): deepCachingType: must be one of NEVER, ALWAYS',
      'deliveryServices[0] (xmlId "ds1"): dscp: must be an integer',
      'deliveryServices[0] (xmlId "ds1"): missLat: must be between -90 and 90',
      'deliveryServices[0] (xmlId "ds1"): protocol: must be between 0 and 3',
      'deliveryServices[0] (xmlId "ds1"): users: must be an array of names',
    ]);
  });

  it('accepts numbers as numbers or digit strings, and geoLimitRedirectUrl as the seed spells it', () => {
    const { errors, model } = validateSnapshot(
      {
        cdns: [cdn],
        deliveryServices: [ds({ dscp: 8, globalMaxMbps: '1000', geoLimitRedirectUrl: 'https://x.example.test/' })],
      },
      known(),
    );
    expect(errors).toEqual([]);
    expect(model.deliveryServices[0].settings).toMatchObject({
      dscp: 8,
      globalMaxMbps: 1000,
      geoLimitRedirectUrl: 'https://x.example.test/',
    });
  });
});

describe('validateSnapshot: references', () => {
  it('reports each unknown reference of a delivery service by field', () => {
    expect(
      dsErrors({ cdnName: 'cdn9', type: 'HTTPS', tenant: 'tenant-b', profileName: 'NOPE', users: ['bob'] }),
    ).toEqual([
      'deliveryServices[0] (xmlId "ds1"): unknown cdnName "cdn9"',
      'deliveryServices[0] (xmlId "ds1"): unknown type "HTTPS"',
      'deliveryServices[0] (xmlId "ds1"): unknown tenant "tenant-b"',
      'deliveryServices[0] (xmlId "ds1"): unknown profileName "NOPE"',
      'deliveryServices[0] (xmlId "ds1"): users: unknown user "bob"',
    ]);
  });

  it('resolves references to records of the same file, whatever their order', () => {
    const doc = {
      deliveryServices: [ds({ tenant: 'tenant-a', users: ['ro'] })],
      users: [
        {
          username: 'ro',
          email: 'ro@example.test',
          role: 'read-only',
          tenant: 'tenant-a',
          localPasswordHash: 'SCRYPT:16384:8:1:c2FsdA==:a2V5',
        },
      ],
      tenants: [{ name: 'tenant-a', parentName: 'root' }],
      cdns: [cdn],
    };
    expect(errorsOf(doc)).toEqual([]);
  });

  it('checks role and tenant names of users against the database and the file', () => {
    expect(
      errorsOf({ users: [{ username: 'u1', email: 'u1@example.test', role: 'superuser', tenant: 'nowhere' }] }),
    ).toEqual([
      'users[0] (username "u1"): unknown role "superuser"',
      'users[0] (username "u1"): unknown tenant "nowhere"',
    ]);
  });

  it('rejects tenants whose parents form a cycle, and the root tenant itself', () => {
    const errors = errorsOf({
      tenants: [{ name: 'a', parentName: 'b' }, { name: 'b', parentName: 'a' }, { name: 'root' }],
    });
    expect(errors).toEqual([
      'tenants[2] (name "root"): trying to change the root tenant, which is immutable',
      'tenants[0] (name "a"): trying to set existing child as new parent',
      'tenants[1] (name "b"): trying to set existing child as new parent',
    ]);
  });

  it('orders tenants parents first', () => {
    const { model } = validateSnapshot(
      { tenants: [{ name: 'c', parentName: 'b' }, { name: 'b', parentName: 'a' }, { name: 'a' }] },
      known(),
    );
    expect(model.tenants.map((t) => t.name)).toEqual(['a', 'b', 'c']);
  });

  it('rejects an email that another user in the database has', () => {
    expect(errorsOf({ users: [{ username: 'u1', email: 'ADMIN@localhost', role: 'admin', tenant: 'root' }] })).toEqual([
      'users[0] (username "u1"): email: "ADMIN@localhost" already belongs to user "admin"',
    ]);
  });

  it('checks cache group types, coordinates and parents', () => {
    expect(
      errorsOf({
        cachegroups: [{ name: 'cg', shortName: 'cg', type: 'MID', coordinate: 'nowhere', parentCachegroup: 'cg' }],
      }),
    ).toEqual([
      'cachegroups[0] (name "cg"): unknown type "MID"',
      'cachegroups[0] (name "cg"): unknown coordinate "nowhere"',
      'cachegroups[0] (name "cg"): the cache group cg cannot be its own ancestor: cg -> cg',
    ]);
  });

  it("applies the API's cache-group rules, with its texts (issue 30)", () => {
    expect(
      errorsOf({
        cachegroups: [
          { name: 'a b', shortName: 'a', type: 'EDGE_LOC', localizationMethods: ['CZ', 'XX'] },
          { name: 'm', shortName: 'm', type: 'ORG_LOC', fallbacks: ['e'], secondaryParentCachegroup: 'n' },
          { name: 'n', shortName: 'n', type: 'ORG_LOC', parentCachegroup: 'm' },
          { name: 'e', shortName: 'e', type: 'EDGE_LOC', fallbacks: ['m'] },
        ],
      }),
    ).toEqual([
      'cachegroups[0] (name "a b"): \'name\' invalid characters found - Use alphanumeric . or - or _ .',
      'cachegroups[0] (name "a b"): XX is not a LocalizationMethod',
      'cachegroups[1] (name "m"): the cache group m is not allowed to have fallbacks.  It must be of type EDGE_LOC.',
      'cachegroups[1] (name "m"): the cache group m cannot be its own ancestor: m -> n -> m',
      'cachegroups[2] (name "n"): the cache group n cannot be its own ancestor: n -> m -> n',
      'cachegroups[3] (name "e"): the cache group m is not valid as a fallback.  It must exist as a cache group and be of type EDGE_LOC.',
    ]);
  });

  it('checks federation references', () => {
    expect(
      errorsOf({
        federations: [
          { cname: 'f.example.test.', ttl: 60, cdnName: 'x', deliveryServices: ['nope'], users: ['ghost'] },
        ],
      }),
    ).toEqual([
      'federations[0] (cname "f.example.test."): unknown cdnName "x"',
      'federations[0] (cname "f.example.test."): deliveryServices: unknown delivery service "nope"',
      'federations[0] (cname "f.example.test."): users: unknown user "ghost"',
    ]);
  });
});

describe('validateSnapshot: users', () => {
  const user = (fields: Record<string, unknown>) => ({
    users: [{ username: 'jane', email: 'jane@example.test', role: 'read-only', tenant: 'root', ...fields }],
  });

  it.each([
    ['short', 'Ab1!', 'Password must be greater than 7 characters.'],
    ['common', 'password123', 'Password is too common.'],
  ])('rejects a %s localPassword', (_what, localPassword, text) => {
    expect(errorsOf(user({ localPassword }))).toEqual([`users[0] (username "jane"): localPassword: ${text}`]);
  });

  it('rejects a password equal to the username', () => {
    expect(errorsOf(user({ username: 'janedoe1', email: 'j@example.test', localPassword: 'JaneDoe1' }))).toEqual([
      'users[0] (username "janedoe1"): localPassword: Your password cannot be your username.',
    ]);
  });

  it('rejects a hash that is not in the SCRYPT format, and both password forms at once', () => {
    expect(errorsOf(user({ localPasswordHash: '$2b$10$abc' }))).toEqual([
      'users[0] (username "jane"): localPasswordHash: must be in the SCRYPT:N:r:p:salt:key format',
    ]);
    expect(
      errorsOf(user({ localPassword: 'S0mething-long', localPasswordHash: 'SCRYPT:16384:8:1:c2FsdA==:a2V5' })),
    ).toEqual(['users[0] (username "jane"): localPassword: give localPassword or localPasswordHash, not both']);
  });

  it('rejects a malformed email', () => {
    expect(errorsOf(user({ email: 'jane-at-example' }))).toEqual([
      'users[0] (username "jane"): email: must be a valid email address',
    ]);
  });
});

describe('validateSnapshot: origins and jobs', () => {
  it('rejects a secondary origin that takes a primary origin name, and bad addresses', () => {
    expect(
      errorsOf({
        origins: [
          { name: 'old-ds', deliveryService: 'old-ds', fqdn: '10.0.0.1', protocol: 'ftp', ipAddress: '::1', port: 0 },
        ],
      }),
    ).toEqual([
      'origins[0] (name "old-ds"): fqdn: must be a valid DNS name',
      'origins[0] (name "old-ds"): ipAddress: must be a valid IPv4 address',
      'origins[0] (name "old-ds"): protocol: must be one of http, https',
      'origins[0] (name "old-ds"): port: must be between 1 and 65535',
      'origins[0] (name "old-ds"): name: "old-ds" is a primary origin, which comes from its delivery service\'s orgServerFqdn',
    ]);
  });

  it('rejects a primary origin whose name a secondary origin already has', () => {
    expect(
      errorsOf({ cdns: [cdn], deliveryServices: [ds({ xmlId: 'spare', orgServerFqdn: 'http://s.example.test' })] }),
    ).toEqual([
      'deliveryServices[0] (xmlId "spare"): orgServerFqdn: the primary origin would be named "spare", which another origin already has',
    ]);
  });

  const job = (fields: Record<string, unknown>) => ({
    jobs: [{ deliveryService: 'old-ds', username: 'admin', ttl: 24, startTime: '2026-01-01 00:00:00', ...fields }],
  });

  it('accepts a job whose regex_revalidate line exactly fills the 2,047 bytes a cache reads', () => {
    expect(errorsOf(job({ regex: `/${'a'.repeat(2010)}` }))).toEqual([]);
  });

  it('builds the asset URL of a regex job from the primary origin', () => {
    const { errors, model } = validateSnapshot(job({ regex: '/img/.*' }), known());
    expect(errors).toEqual([]);
    expect(model.jobs[0]).toMatchObject({
      assetUrl: 'https://old.example.test/img/.*',
      ttl: 24,
      status: 'PENDING',
      enteredTime: null,
    });
  });

  it.each([
    [{}, 'assetUrl: give either assetUrl or regex'],
    [{ regex: 'img/.*' }, "regex: must start with '/'"],
    [{ regex: '/img/(' }, 'regex: is not a valid regular expression'],
    [
      { regex: '/x', deliveryService: 'bare-ds' },
      'regex: delivery service "bare-ds" has no orgServerFqdn to purge from',
    ],
    [{ regex: '/x', ttl: 0 }, 'ttl: must be at least 1'],
    [{ regex: '/x', startTime: 'yesterday' }, 'startTime: must be a time as YYYY-MM-DD hh:mm:ss'],
    [{ regex: '/x', username: 'ghost' }, 'unknown username "ghost"'],
    // https://old.example.test + regex + ' ' + 10-digit expiry + newline: 2,048 bytes, one more than a cache reads.
    [
      { regex: `/${'a'.repeat(2011)}` },
      'regex: too long for this delivery service: its rule for the caches would be 2048 bytes',
    ],
    [
      { assetUrl: `https://old.example.test/${'a'.repeat(2011)}` },
      'regex: too long for this delivery service: its rule for the caches would be 2048 bytes',
    ],
  ])('rejects the job %j', (fields, text) => {
    const errors = errorsOf(job(fields));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      `jobs[0] (deliveryService "${(fields as { deliveryService?: string }).deliveryService ?? 'old-ds'}"): ${text}`,
    );
  });
});

describe('validateSnapshot: a job is its id (issue 28, finding 4)', () => {
  const purge = (fields: Record<string, unknown>) => ({
    deliveryService: 'old-ds',
    username: 'admin',
    regex: '/img/.*',
    ttl: 24,
    startTime: '2026-01-01 00:00:00',
    ...fields,
  });

  it('accepts the same purge twice as two jobs with their ids, as the API stores them', () => {
    const { errors, model } = validateSnapshot({ jobs: [purge({ id: 3 }), purge({ id: 4 })] }, known());
    expect(errors).toEqual([]);
    expect(model.jobs.map((j) => j.id)).toEqual([3, 4]);
  });

  it('refuses the same id twice, even for different purges', () => {
    expect(errorsOf({ jobs: [purge({ id: 3 }), purge({ id: 3, regex: '/other/.*' })] })).toEqual([
      'jobs[1] (deliveryService "old-ds"): id: "3" appears twice (also jobs[0])',
    ]);
  });

  it('refuses the same purge twice without ids: which stored job each one means is unknown', () => {
    expect(errorsOf({ jobs: [purge({}), purge({ id: 5 })] })).toEqual([
      'jobs[0] (deliveryService "old-ds"): the purge of "https://old.example.test/img/.*" starting 2026-01-01 00:00:00 appears more than once: give each job its id',
    ]);
  });

  it('refuses an id the database holds for a job of another delivery service', () => {
    expect(
      errorsOf({
        cdns: [cdn],
        deliveryServices: [ds({ orgServerFqdn: 'http://o.example.test' })],
        jobs: [purge({ id: 7, deliveryService: 'ds1' })],
      }),
    ).toEqual([
      'jobs[0] (deliveryService "ds1"): id: job 7 belongs to delivery service "old-ds"; a job cannot move to another delivery service',
    ]);
  });

  it.each([0, -1, 2 ** 31, 'x'])('refuses the id %j', (id) => {
    expect(errorsOf({ jobs: [purge({ id })] })[0]).toMatch(/^jobs\[0\] \(deliveryService "old-ds"\): id: must be/);
  });
});
