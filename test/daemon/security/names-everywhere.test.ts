import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { SnapshotError } from '../../../daemon/store/snapshot-types.js';
import { CACHES_SNAPSHOT, cachesApp, type CachesApp, type Who } from '../caches/helpers.js';
import { GOLDEN_SNAPSHOT } from './fixture.js';

/**
 * Issue 28, finding 9: names and texts stored without the identifier rules. `servers.interfaceName` and the
 * to_extensions `name`, `version`, `info_url` took NUL, CR/LF, bidi overrides, zero-width characters and 200,000
 * characters; error texts quoted the caller's input (`no DS with name <input>`). Every stored name now follows
 * the identifier rules (free texts: no control, bidi or invisible characters, and a length cap), the snapshot
 * import included, and a refusal never quotes what was sent.
 */

const MARK = 'jUnKmArK';
const JUNK: [string, string][] = [
  ['NUL', `a${MARK}\u0000b`],
  ['CR/LF', `a${MARK}\r\nX-Injected: 1`],
  ['a bidi override', `a${MARK}\u202Eb`],
  ['a bidi isolate', `a${MARK}\u2066b\u2069`],
  ['a zero-width space', `a${MARK}\u200Bb`],
  ['a byte-order mark', `a${MARK}\uFEFFb`],
  ['200,000 characters', MARK + 'x'.repeat(200_000)],
];

let t: CachesApp;
beforeAll(async () => {
  t = await cachesApp();
});
afterAll(async () => t?.close());

type Method = 'POST' | 'PUT' | 'GET';
interface Case {
  route: string;
  who: Who;
  method: Method;
  url: (junk: string) => string;
  body?: (junk: string) => unknown;
  /** The status a refusal answers: 400 for a stored field, 404 where the junk only names what to find. */
  status: number;
}

const server = (over: Record<string, unknown>) => ({
  hostName: 'edge77',
  domainName: 'cdn1.example.test',
  ipAddress: '127.0.0.77',
  cachegroup: 'edge-cg1',
  cdnName: 'cdn1',
  profile: 'EDGE_PROFILE1',
  type: 'EDGE',
  status: 'REPORTED',
  ...over,
});
const extension = (over: Record<string, unknown>) => ({
  name: 'ext-junk',
  version: '1.0',
  info_url: 'https://example.test/x',
  script_file: 'x.pl',
  isactive: 1,
  type: 'CHECK_EXTENSION_NUM',
  servercheck_short_name: 'JUNK',
  ...over,
});
const enc = encodeURIComponent;

const CASES: Case[] = [
  {
    route: 'POST servers interfaceName',
    who: 'admin',
    method: 'POST',
    url: () => '/api/1.3/servers',
    body: (j) => server({ interfaceName: j }),
    status: 400,
  },
  {
    route: 'POST servers offlineReason',
    who: 'admin',
    method: 'POST',
    url: () => '/api/1.3/servers',
    body: (j) => server({ status: 'OFFLINE', offlineReason: j }),
    status: 400,
  },
  {
    route: 'POST servers cachegroup name',
    who: 'admin',
    method: 'POST',
    url: () => '/api/1.3/servers',
    body: (j) => server({ cachegroup: j }),
    status: 400,
  },
  {
    route: 'PUT servers/:id interfaceName',
    who: 'admin',
    method: 'PUT',
    url: () => '/api/1.3/servers/ID',
    body: (j) => server({ hostName: 'mid1', interfaceName: j }),
    status: 400,
  },
  {
    route: 'PUT servers/:id/status offlineReason',
    who: 'admin',
    method: 'PUT',
    url: () => '/api/1.3/servers/ID/status',
    body: (j) => ({ status: 'ADMIN_DOWN', offlineReason: j }),
    status: 400,
  },
  ...(['name', 'version', 'info_url', 'script_file', 'description', 'additional_config_json', 'type'] as const).map(
    (field): Case => ({
      route: `POST to_extensions ${field}`,
      who: 'extension',
      method: 'POST',
      url: () => '/api/1.3/to_extensions',
      body: (j) => extension({ [field]: j }),
      status: 400,
    }),
  ),
  {
    route: 'POST servercheck short name',
    who: 'extension',
    method: 'POST',
    url: () => '/api/1.3/servercheck',
    body: (j) => ({ host_name: 'mid1', servercheck_short_name: j, value: 1 }),
    status: 400,
  },
  {
    route: 'POST sslkeys/add key',
    who: 'admin',
    method: 'POST',
    url: () => '/api/1.3/deliveryservices/sslkeys/add',
    body: (j) => ({
      key: j,
      cdn: 'cdn1',
      hostname: 'a.example.test',
      version: 1,
      certificate: { crt: 'c', key: 'k', csr: 'r' },
    }),
    status: 404,
  },
  {
    route: 'POST sslkeys/add cdn',
    who: 'admin',
    method: 'POST',
    url: () => '/api/1.3/deliveryservices/sslkeys/add',
    body: (j) => ({
      key: 'ds1',
      cdn: j,
      hostname: 'a.example.test',
      version: 1,
      certificate: { crt: 'c', key: 'k', csr: 'r' },
    }),
    status: 400,
  },
  {
    route: 'GET cdns/name/:name/sslkeys',
    who: 'admin',
    method: 'GET',
    url: (j) => `/api/1.3/cdns/name/${enc(j)}/sslkeys`,
    status: 404,
  },
  {
    route: 'POST urlkeys copyFromXmlId',
    who: 'admin',
    method: 'POST',
    url: (j) => `/api/1.3/deliveryservices/xmlId/ds1/urlkeys/copyFromXmlId/${enc(j)}`,
    status: 404,
  },
  {
    route: 'POST servers/:hostname/update',
    who: 'admin',
    method: 'POST',
    url: (j) => `/api/1.3/servers/${enc(j)}/update`,
    body: () => ({ updated: false }),
    status: 404,
  },
  {
    route: 'POST cdns/:id/queue_update cdn name',
    who: 'admin',
    method: 'POST',
    url: () => '/api/1.3/cdns/999999/queue_update',
    body: () => ({ action: 'queue' }),
    status: 404,
  },
];

describe('junk in a stored name or text, or in a name to look up', () => {
  for (const c of CASES) {
    it(`${c.route}: refused with ${c.status}, the answer quoting none of it`, async () => {
      const id = await t.id('mid1');
      for (const [why, junk] of JUNK) {
        const url = c.url(junk).replace('/ID', `/${id}`);
        const res = await t.call(c.who, c.method as 'POST', url, c.body?.(junk));
        // A junk path segment over Fastify's limit is refused before any route (414, or 404 where no route matches).
        const statuses = junk.length > 1000 && c.url(junk) !== c.url('') ? [404, 414] : [c.status];
        expect(statuses, `${why}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        expect(res.body, why).not.toContain(MARK);
        expect(res.json().alerts?.[0]?.level, why).toBe('error');
      }
    });
  }

  it('stored nothing: no server, no extension carries the junk', async () => {
    const servers = await t.call('admin', 'GET', '/api/1.3/servers');
    expect(servers.body).not.toContain(MARK);
    const extensions = await t.call('admin', 'GET', '/api/1.3/to_extensions');
    expect(extensions.body).not.toContain(MARK);
  });

  it('still takes ordinary names and free text with spaces', async () => {
    const made = await t.call(
      'admin',
      'POST',
      '/api/1.3/servers',
      server({
        hostName: 'edge78',
        ipAddress: '127.0.0.78',
        interfaceName: 'bond0.100',
        status: 'OFFLINE',
        offlineReason: 'disk swap, back at 14:00 — Zoë',
      }),
    );
    expect(made.statusCode, made.body).toBe(200);
    const ext = await t.call(
      'extension',
      'POST',
      '/api/1.3/to_extensions',
      extension({ name: 'ILO ping check', description: 'Pings the ILO interface; values in ms' }),
    );
    expect(ext.statusCode, ext.body).toBe(200);
  });
});

describe('junk in a snapshot import', () => {
  it('is refused in every stored name and text, naming the field', async () => {
    const golden = JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8')) as Record<string, Record<string, unknown>[]>;
    const caches = JSON.parse(readFileSync(CACHES_SNAPSHOT, 'utf8')) as Record<string, Record<string, unknown>[]>;
    const junk = `a\u202E${MARK}\u0000`;
    const doc = {
      cdns: [{ ...golden.cdns[0], name: junk }],
      cachegroups: [{ ...caches.cachegroups[0], name: junk, shortName: junk }],
      profiles: [
        {
          ...caches.profiles[0],
          name: junk,
          description: junk,
          params: [{ name: junk, configFile: junk, value: 'v' }],
        },
      ],
      servers: [{ ...caches.servers[0], interfaceName: junk }],
      deliveryServices: [{ ...golden.deliveryServices[0], displayName: junk, longDesc: junk }],
      federations: [{ cname: 'f.example.test.', ttl: 60, description: junk }],
      tenants: [{ name: junk, parentName: 'root' }],
      coordinates: [{ name: junk, latitude: 1, longitude: 2 }],
    };
    const error = await importSnapshot(t.db, doc).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SnapshotError);
    const text = (error as SnapshotError).errors.join('\n');
    for (const field of [
      'name',
      'shortName',
      'description',
      'params\\[0\\]: name',
      'params\\[0\\]: configFile',
      'interfaceName',
      'displayName',
      'longDesc',
    ]) {
      expect(text).toMatch(new RegExp(`${field}: cannot contain control`));
    }
    expect(text.match(/name: cannot contain control/g)!.length).toBeGreaterThanOrEqual(5);
    expect(text).not.toContain(MARK);
  });
});
