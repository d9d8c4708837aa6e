import { expect } from 'vitest';
import type { GoldenIds } from './fixture.js';
import type { TenancyCase, TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of divisions, regions, physical locations, coordinates, types, statuses, ASNs and api_capabilities
 * (issue 30). None of them carries a tenant: a tenant-a caller reads every record and its writes reach the rules
 * (each write case here is one the rules refuse, so nothing changes). The golden setup holds coordinates, types,
 * statuses (the migration's seed, ids in its order) and cache groups, but no division, region, physical location
 * or ASN: their cases show the caller reaching the store's own answer for an unknown id, or a reference it checks.
 */

const NONE = 999999;
const emptyList = (r: unknown) => expect(r).toEqual([]);
const named = (name: string) => (r: unknown) => expect((r as { name: string }[]).map((x) => x.name)).toEqual([name]);

/** The seed's REPORTED status (step 13 inserts ONLINE, OFFLINE, REPORTED, …): servers use it. */
const REPORTED = 3;
/** The golden setup's only coordinate, coord1, which its cache groups use. */
const COORD1 = 1;

const get = (url: TenancyCase['url'], response: TenancyCase['response']): TenancyCase => ({
  as: 'tenanta_user',
  url,
  status: 200,
  response,
});
const refused = (
  method: 'PUT' | 'DELETE',
  url: TenancyCase['url'],
  status: number,
  text: string,
  body?: TenancyCase['body'],
): TenancyCase => ({ as: 'tenanta_user', method, url, status, text, ...(body ? { body } : {}) });

/**
 * A table with no golden record: the list answers the same empty list admin gets; writes reach the store, or the
 * reference they check (`putText`, 404). DELETE regions/:id answers its deprecation warning before the error, which
 * a case's `text` cannot hold: its status alone here (the alerts are checked in test/daemon/places/).
 */
function emptyTable(
  path: string,
  t: string,
  filter: (ids: GoldenIds) => string,
  put: { body: NonNullable<TenancyCase['body']>; text: string },
  deleteWarned = false,
): Record<string, TenancyEntry> {
  const why = `${t} records carry no tenant: a tenant-a caller reaches the store (the golden setup has none)`;
  const url = () => `/api/1.3/${path}/${NONE}`;
  return {
    [`GET /${path}`]: {
      why,
      cases: [
        get((ids) => `/api/1.3/${path}?${filter(ids)}`, emptyList),
        // The query is read before any record, as for admin.
        { as: 'tenanta_user', url: () => `/api/1.3/${path}?id=x`, status: 400, text: 'id cannot parse to integer' },
      ],
    },
    [`GET /${path}/:id`]: { why, cases: [get(url, emptyList)] },
    [`PUT /${path}/:id`]: { why, cases: [refused('PUT', url, 404, put.text, put.body)] },
    [`DELETE /${path}/:id`]: {
      why,
      cases: [
        deleteWarned
          ? { as: 'tenanta_user', method: 'DELETE', url, status: 404 }
          : refused('DELETE', url, 404, `no ${t} with that key found`),
      ],
    },
  };
}

const location = (regionId: number) => ({
  name: 'tenancy-loc',
  shortName: 'tloc',
  address: '1 Main St',
  city: 'Springfield',
  state: 'CO',
  zip: '80000',
  regionId,
});

export const PLACES_TENANCY: Record<string, TenancyEntry> = {
  ...emptyTable('divisions', 'division', () => 'name=tenancy-div', {
    body: () => ({ name: 'tenancy-div' }),
    text: 'no division found with this id',
  }),
  // A region's division and a location's region are looked up before the record: no tenant stands in the way.
  ...emptyTable(
    'regions',
    'region',
    () => 'name=tenancy-region',
    { body: () => ({ name: 'tenancy-region', division: NONE }), text: 'division not found' },
    true,
  ),
  ...emptyTable('phys_locations', 'physLocation', () => 'name=tenancy-loc', {
    body: () => location(NONE),
    text: 'region not found',
  }),
  // The golden cache group passes the reference check: the update reaches the store.
  ...emptyTable('asns', 'asn', (ids) => `cachegroup=${ids.cachegroup}`, {
    body: (ids) => ({ asn: 64512, cachegroupId: ids.cachegroup }),
    text: 'no asn found with this id',
  }),
  'GET /divisions/name/:name': {
    why: 'divisions carry no tenant: the read reaches the table',
    cases: [get(() => '/api/1.3/divisions/name/tenancy-div', emptyList)],
  },
  'GET /regions/name/:name': {
    why: 'regions carry no tenant: the read reaches the table',
    cases: [get(() => '/api/1.3/regions/name/tenancy-region', emptyList)],
  },
  'GET /coordinates': {
    why: 'coordinates carry no tenant: every caller sees them',
    cases: [get(() => `/api/1.3/coordinates?id=${COORD1}`, named('coord1'))],
  },
  'PUT /coordinates': {
    why: 'coordinates carry no tenant: the write reaches the rules',
    cases: [
      refused(
        'PUT',
        () => `/api/1.3/coordinates?id=${COORD1}`,
        400,
        "'name' invalid characters found - Use alphanumeric . or - or _ .",
        () => ({ name: 'coord 1', latitude: 1, longitude: 2 }),
      ),
    ],
  },
  'DELETE /coordinates': {
    why: 'coordinates carry no tenant: the delete reaches the in-use check',
    cases: [
      refused(
        'DELETE',
        () => `/api/1.3/coordinates?id=${COORD1}`,
        400,
        'cannot delete coordinate because it is being used by a cachegroup',
      ),
    ],
  },
  'GET /types': {
    why: 'types carry no tenant: every caller sees them',
    cases: [get((ids) => `/api/1.3/types?id=${ids.regexes.pathType}`, named('PATH_REGEXP'))],
  },
  'GET /types/:id': {
    why: 'types carry no tenant: every caller sees them',
    cases: [get((ids) => `/api/1.3/types/${ids.anyMapType}`, named('ANY_MAP'))],
  },
  'PUT /types/:id': {
    why: 'types carry no tenant: the write reaches the rules',
    cases: [
      refused(
        'PUT',
        (ids) => `/api/1.3/types/${ids.anyMapType}`,
        400,
        "'description' cannot be blank",
        () => ({
          name: 'ANY_MAP',
          useInTable: 'deliveryservice',
        }),
      ),
    ],
  },
  'DELETE /types/:id': {
    why: 'types carry no tenant: the delete reaches the store',
    cases: [refused('DELETE', () => `/api/1.3/types/${NONE}`, 404, 'no type with that key found')],
  },
  'GET /statuses': {
    why: 'statuses carry no tenant: every caller sees them',
    cases: [get(() => '/api/1.3/statuses?name=REPORTED', named('REPORTED'))],
  },
  'GET /statuses/:id': {
    why: 'statuses carry no tenant: every caller sees them',
    cases: [get(() => `/api/1.3/statuses/${REPORTED}`, named('REPORTED'))],
  },
  'PUT /statuses/:id': {
    why: 'statuses carry no tenant: the write reaches the rules',
    cases: [
      refused(
        'PUT',
        () => `/api/1.3/statuses/${REPORTED}`,
        400,
        "'name' cannot be blank",
        () => ({
          description: 'no name',
        }),
      ),
    ],
  },
  'DELETE /statuses/:id': {
    why: 'statuses carry no tenant: the delete reaches the in-use check',
    cases: [
      refused(
        'DELETE',
        () => `/api/1.3/statuses/${REPORTED}`,
        400,
        'cannot delete status because it is being used by a server',
      ),
    ],
  },
  'PUT /asns': {
    why: 'ASNs carry no tenant: the write reaches the store (the golden setup has none)',
    cases: [
      refused(
        'PUT',
        () => `/api/1.3/asns?id=${NONE}`,
        404,
        'no asn found with this id',
        (ids) => ({
          asn: 64512,
          cachegroupId: ids.cachegroup,
        }),
      ),
    ],
  },
  'DELETE /asns': {
    why: 'ASNs carry no tenant: the delete reaches the store (the golden setup has none)',
    cases: [refused('DELETE', () => `/api/1.3/asns?id=${NONE}`, 404, 'no asn with that key found')],
  },
  'GET /api_capabilities': {
    why: 'capabilities carry no tenant (cdnctl keeps none): the query is read as Traffic Ops read it',
    cases: [
      get(() => '/api/1.3/api_capabilities?id=1', emptyList),
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/api_capabilities?id=x',
        status: 400,
        text: 'id cannot parse to integer',
      },
    ],
  },
};
