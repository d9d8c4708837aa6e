import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of the CDN and cache-group routes (issue 30). CDNs, cache groups and their parameters carry no
 * tenant: a tenant-a caller reads them all and its writes reach the rules (each case here is one the rules refuse,
 * so nothing changes). Only assigning delivery services to a group's caches checks the delivery services' tenants.
 */

const oneRecord = (r: unknown) => expect(r).toHaveLength(1);
const cdnBody = () => ({ name: '', domainName: 'x.test', dnssecEnabled: false });
const groupBody = () => ({ name: 'tenancy-cg', shortName: 'tcg' });

export const TOPOLOGY_TENANCY: Record<string, TenancyEntry> = {
  'GET /cdns/:id': {
    why: 'CDNs carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cdns/${ids.cdn.id}`, status: 200, response: oneRecord }],
  },
  'POST /cdns': {
    why: 'CDNs carry no tenant: the write reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/cdns',
        body: (ids) => ({ id: ids.cdn.id, name: 'cdn1', domainName: 'cdn9.example.test', dnssecEnabled: false }),
        status: 400,
        text: "cdn name 'cdn1' already exists.",
      },
    ],
  },
  'PUT /cdns/:id': {
    why: 'CDNs carry no tenant: the write reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.id}`,
        body: cdnBody,
        status: 400,
        text: "'name' cannot be blank",
      },
    ],
  },
  'DELETE /cdns/:id': {
    why: 'CDNs carry no tenant: the delete reaches the in-use check',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.id}`,
        status: 400,
        text: 'cannot delete cdn because it is being used by a server',
      },
    ],
  },
  'GET /cdns/name/:name': {
    why: 'CDNs carry no tenant: every caller sees them',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/cdns/name/${ids.cdn.name}`, status: 200, response: oneRecord },
    ],
  },
  'DELETE /cdns/name/:name': {
    why: 'CDNs carry no tenant: the delete reaches the in-use check',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/cdns/name/${ids.cdn.name}`,
        status: 400,
        text: 'Failed to delete cdn name = cdn1 has delivery services or servers',
      },
    ],
  },
  'GET /cachegroups/:id': {
    why: 'cache groups carry no tenant: every caller sees them',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}`, status: 200, response: oneRecord },
    ],
  },
  'POST /cachegroups': {
    why: 'cache groups carry no tenant: the write reaches the rules (a parent id is no tenant record)',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/cachegroups',
        body: (ids) => ({ ...groupBody(), parentCachegroupId: ids.cachegroup }),
        status: 400,
        text: "missing property: 'typeId'",
      },
    ],
  },
  'PUT /cachegroups/:id': {
    why: 'cache groups carry no tenant: the write reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}`,
        body: groupBody,
        status: 400,
        text: "missing property: 'typeId'",
      },
    ],
  },
  'DELETE /cachegroups/:id': {
    why: 'cache groups carry no tenant: the delete reaches the in-use check',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}`,
        status: 400,
        text: 'cachegroup is in use by one or more servers',
      },
    ],
  },
  'GET /cachegroups/:id/parameters': {
    why: 'cache-group parameters carry no tenant',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}/parameters`, status: 200 }],
  },
  'GET /cachegroups/:id/unassigned_parameters': {
    why: 'cache-group parameters carry no tenant',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}/unassigned_parameters`, status: 200 },
    ],
  },
  'GET /cachegroupparameters': {
    why: 'cache-group parameters carry no tenant',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/cachegroupparameters?cachegroup=${ids.cachegroup}`, status: 200 },
    ],
  },
  'POST /cachegroupparameters': {
    why: 'cache-group parameters carry no tenant: the write reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/cachegroupparameters',
        body: (ids) => ({ cacheGroupId: ids.cachegroup }),
        status: 400,
        text: 'invalid cachegroup parameter.',
      },
    ],
  },
  'DELETE /cachegroupparameters/:cachegroupId/:parameterId': {
    why: 'cache-group parameters carry no tenant: an unknown parameter is not found',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/cachegroupparameters/${ids.cachegroup}/999999`,
        // The refusal follows the deprecation warning (checked in test/daemon/topology/).
        status: 404,
      },
    ],
  },
  'POST /cachegroups/:id/deliveryservices': {
    why: "a delivery service of an invisible tenant is refused with its tenant's id; invisible caches are left out",
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/cachegroups/0/deliveryservices',
        body: (ids) => ({ deliveryServices: [ids.deliveryServices.ds1] }),
        status: 400,
        text: 'no edge or origin servers found on cachegroup 0',
      },
      // edge-cg1 (imported just before edge-cg2): its caches serve ds2, so tenant-a sees them.
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup - 1}/deliveryservices`,
        body: (ids) => ({ deliveryServices: [ids.deliveryServices.ds1] }),
        status: 403,
        text: `not authorized for delivery service tenant ${1}`,
      },
      // edge-cg2's caches serve only ds3 (root): tenant-a sees none of them, so its own ds2 has nowhere to go
      // (assigning it would make them visible; BEHAVIOR.md: the caller acts only on the servers it sees).
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}/deliveryservices`,
        body: (ids) => ({ deliveryServices: [ids.deliveryServices.ds2] }),
        status: 400,
        text: 'no edge or origin servers found on cachegroup {cachegroup}',
      },
    ],
  },
};
