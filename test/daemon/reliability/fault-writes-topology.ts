import { expect } from 'vitest';
import type { GoldenApp } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/**
 * What the valid writes of CDNs, cache groups, the topology's small tables, servers' assignments (issue 30) refer
 * to, prepared while the disk takes writes: one record to update and one to delete per table (ASNs have two of
 * each, for the `/:id` and the `?id=` routes), and caches of their own for the assignment routes, so that none of
 * them depends on what the other areas' writes did before.
 */
export interface TopologyFaultFixtures {
  edgeLocType: number;
  division: { update: number; remove: number };
  region: { parent: number; update: number; remove: number };
  physLocation: { parent: number; update: number; remove: number };
  coordinate: { update: number; remove: number };
  type: { update: number; remove: number };
  status: { update: number; remove: number };
  asn: { update: number; remove: number; updateByQuery: number; removeByQuery: number };
  cdn: { update: number; remove: number; removeByName: string };
  cachegroup: { update: number; remove: number };
  /** A group with one EDGE of its own (POST cachegroups/:id/deliveryservices), and a parameter linked to it. */
  assignGroup: number;
  parameter: { free: number; linked: number };
  /** Caches of the assign group: one to link, one linked to ds3 to unlink, one to assign delivery services to. */
  servers: { link: number; unlink: number; assign: number };
}

/** `POST url` as admin, which must answer 200: the new record's id. */
async function created(t: GoldenApp, url: string, payload: object): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/1.3${url}`,
    headers: { cookie: await t.session('admin') },
    payload,
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.json() as { response: { id: number } }).response.id;
}

const physLocation = (name: string, regionId: number) => ({
  name,
  shortName: name,
  address: '1 Main St',
  city: 'Springfield',
  state: 'CO',
  zip: '80000',
  regionId,
});

const cache = (hostName: string) => ({
  hostName,
  domainName: 'cdn1.example.test',
  ipAddress: '127.0.0.1',
  cachegroup: 'fault-assign-cg',
  cdnName: 'cdn1',
  profile: 'EDGE_PROFILE1',
  type: 'EDGE',
  status: 'REPORTED',
});

export async function prepareTopologyFaults(t: GoldenApp): Promise<TopologyFaultFixtures> {
  const edgeLoc = await t.store.typeLookup.find('cachegroup', { name: 'EDGE_LOC' });
  if (!edgeLoc) throw new Error('no EDGE_LOC type');
  const group = (name: string) => created(t, '/cachegroups', { name, shortName: name, typeId: edgeLoc.id });
  const division = (name: string) => created(t, '/divisions', { name });
  const region = (name: string, parent: number) => created(t, '/regions', { name, division: parent });
  const divisionParent = await division('fault-div-parent');
  const regionParent = await region('fault-region-parent', divisionParent);
  const asnGroup = await group('fault-asn-cg');
  const asn = (n: number) => created(t, '/asns', { asn: n, cachegroupId: asnGroup });
  const coordinate = (name: string) => created(t, '/coordinates', { name, latitude: 1, longitude: 2 });
  const type = (name: string) => created(t, '/types', { name, description: name, useInTable: 'server' });
  const status = (name: string) => created(t, '/statuses', { name, description: name });
  const cdn = (name: string) => created(t, '/cdns', { name, domainName: `${name}.example.test`, dnssecEnabled: false });
  const parameter = (name: string) =>
    created(t, '/parameters', { name, configFile: 'fault.config', value: name, secure: false });
  const assignGroup = await group('fault-assign-cg');
  const linked = await parameter('fault-param-linked');
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/1.3/cachegroupparameters',
    headers: { cookie: await t.session('admin') },
    payload: { cacheGroupId: assignGroup, parameterId: linked },
  });
  expect(link.statusCode, link.body).toBe(200);
  const unlink = await created(t, '/servers', cache('fault-unlink'));
  await t.store.servers.linkServers(t.ids.deliveryServices.ds3, [unlink], false, t.clock.now());
  await cdn('fault-cdn-by-name');
  return {
    edgeLocType: edgeLoc.id,
    division: { update: await division('fault-div-update'), remove: await division('fault-div-remove') },
    region: {
      parent: divisionParent,
      update: await region('fault-region-update', divisionParent),
      remove: await region('fault-region-remove', divisionParent),
    },
    physLocation: {
      parent: regionParent,
      update: await created(t, '/phys_locations', physLocation('fault-loc-update', regionParent)),
      remove: await created(t, '/phys_locations', physLocation('fault-loc-remove', regionParent)),
    },
    coordinate: { update: await coordinate('fault-coord-update'), remove: await coordinate('fault-coord-remove') },
    type: { update: await type('FAULT_TYPE_UPDATE'), remove: await type('FAULT_TYPE_REMOVE') },
    status: { update: await status('FAULT_STATUS_UPDATE'), remove: await status('FAULT_STATUS_REMOVE') },
    asn: {
      update: await asn(64501),
      remove: await asn(64502),
      updateByQuery: await asn(64503),
      removeByQuery: await asn(64504),
    },
    cdn: {
      update: await cdn('fault-cdn-update'),
      remove: await cdn('fault-cdn-remove'),
      removeByName: 'fault-cdn-by-name',
    },
    cachegroup: { update: await group('fault-cg-update'), remove: await group('fault-cg-remove') },
    assignGroup,
    parameter: { free: await parameter('fault-param-free'), linked },
    servers: {
      link: await created(t, '/servers', cache('fault-link')),
      unlink,
      assign: await created(t, '/servers', cache('fault-assign')),
    },
  };
}

type Write = (f: FaultFixtures, attempt: number) => WriteRequest;

/** POST, PUT and DELETE of one of the small tables whose 1.1 routes name the record in the path. */
function tableWrites(
  path: string,
  body: (attempt: number) => object,
  ids: (f: FaultFixtures) => { update: number; remove: number },
) {
  return {
    [`POST /${path}`]: ((f, attempt) => ({
      method: 'POST',
      url: `/api/1.3/${path}`,
      cookie: f.admin,
      payload: body(attempt),
    })) as Write,
    [`PUT /${path}/:id`]: ((f, attempt) => ({
      method: 'PUT',
      url: `/api/1.3/${path}/${ids(f).update}`,
      cookie: f.admin,
      payload: body(attempt + 10),
    })) as Write,
    [`DELETE /${path}/:id`]: ((f) => ({
      method: 'DELETE',
      url: `/api/1.3/${path}/${ids(f).remove}`,
      cookie: f.admin,
    })) as Write,
  };
}

/** Bodies that need a prepared parent take it from the fixtures: a factory per attempt and fixtures. */
function parentWrites(
  path: string,
  body: (f: FaultFixtures, attempt: number) => object,
  ids: (f: FaultFixtures) => { update: number; remove: number },
): Record<string, Write> {
  return {
    [`POST /${path}`]: (f, attempt) => ({
      method: 'POST',
      url: `/api/1.3/${path}`,
      cookie: f.admin,
      payload: body(f, attempt),
    }),
    [`PUT /${path}/:id`]: (f, attempt) => ({
      method: 'PUT',
      url: `/api/1.3/${path}/${ids(f).update}`,
      cookie: f.admin,
      payload: body(f, attempt + 10),
    }),
    [`DELETE /${path}/:id`]: (f) => ({ method: 'DELETE', url: `/api/1.3/${path}/${ids(f).remove}`, cookie: f.admin }),
  };
}

const TABLE_WRITES: Record<string, Write> = {
  ...tableWrites(
    'divisions',
    (a) => ({ name: `fault-div-${a}` }),
    (f) => f.topology.division,
  ),
  ...parentWrites(
    'regions',
    (f, a) => ({ name: `fault-region-${a}`, division: f.topology.region.parent }),
    (f) => f.topology.region,
  ),
  ...parentWrites(
    'phys_locations',
    (f, a) => physLocation(`fault-loc-${a}`, f.topology.physLocation.parent),
    (f) => f.topology.physLocation,
  ),
  ...tableWrites(
    'types',
    (a) => ({ name: `FAULT_TYPE_${a}`, description: 'fault', useInTable: 'server' }),
    (f) => f.topology.type,
  ),
  ...tableWrites(
    'statuses',
    (a) => ({ name: `FAULT_STATUS_${a}`, description: 'fault' }),
    (f) => f.topology.status,
  ),
  ...parentWrites(
    'asns',
    (f, a) => ({ asn: 64600 + a, cachegroupId: f.topology.cachegroup.update }),
    (f) => f.topology.asn,
  ),
  'POST /coordinates': (f, a) => ({
    method: 'POST',
    url: '/api/1.3/coordinates',
    cookie: f.admin,
    payload: { name: `fault-coord-${a}`, latitude: 10, longitude: 20 },
  }),
  'PUT /coordinates': (f, a) => ({
    method: 'PUT',
    url: `/api/1.3/coordinates?id=${f.topology.coordinate.update}`,
    cookie: f.admin,
    payload: { name: `fault-coord-updated-${a}`, latitude: 11, longitude: 21 },
  }),
  'DELETE /coordinates': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/coordinates?id=${f.topology.coordinate.remove}`,
    cookie: f.admin,
  }),
  'PUT /asns': (f, a) => ({
    method: 'PUT',
    url: `/api/1.3/asns?id=${f.topology.asn.updateByQuery}`,
    cookie: f.admin,
    payload: { asn: 64700 + a, cachegroupId: f.topology.cachegroup.update },
  }),
  'DELETE /asns': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/asns?id=${f.topology.asn.removeByQuery}`,
    cookie: f.admin,
  }),
};

/** A valid request for each write route of CDNs, cache groups, the topology's small tables, servers' assignments (issue 30); `attempt` 0 is refused, 1 must succeed. */
export const TOPOLOGY_VALID_WRITES: Record<string, Write> = {
  ...TABLE_WRITES,
  'POST /cachegroups': (f, a) => ({
    method: 'POST',
    url: '/api/1.3/cachegroups',
    cookie: f.admin,
    payload: { name: `fault-cg-${a}`, shortName: `fcg${a}`, typeId: f.topology.edgeLocType },
  }),
  'PUT /cachegroups/:id': (f, a) => ({
    method: 'PUT',
    url: `/api/1.3/cachegroups/${f.topology.cachegroup.update}`,
    cookie: f.admin,
    payload: { name: `fault-cg-updated-${a}`, shortName: `fcgu${a}`, typeId: f.topology.edgeLocType },
  }),
  'DELETE /cachegroups/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/cachegroups/${f.topology.cachegroup.remove}`,
    cookie: f.admin,
  }),
  'POST /cdns': (f, a) => ({
    method: 'POST',
    url: '/api/1.3/cdns',
    cookie: f.admin,
    payload: { name: `fault-cdn-${a}`, domainName: `fault-cdn-${a}.example.test`, dnssecEnabled: false },
  }),
  'PUT /cdns/:id': (f, a) => ({
    method: 'PUT',
    url: `/api/1.3/cdns/${f.topology.cdn.update}`,
    cookie: f.admin,
    payload: { name: `fault-cdn-updated-${a}`, domainName: `fault-cdn-updated-${a}.example.test`, dnssecEnabled: true },
  }),
  'DELETE /cdns/:id': (f) => ({ method: 'DELETE', url: `/api/1.3/cdns/${f.topology.cdn.remove}`, cookie: f.admin }),
  'DELETE /cdns/name/:name': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/cdns/name/${f.topology.cdn.removeByName}`,
    cookie: f.admin,
  }),
  'POST /cachegroupparameters': (f) => ({
    method: 'POST',
    url: '/api/1.3/cachegroupparameters',
    cookie: f.admin,
    payload: { cacheGroupId: f.topology.assignGroup, parameterId: f.topology.parameter.free },
  }),
  'DELETE /cachegroupparameters/:cachegroupId/:parameterId': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/cachegroupparameters/${f.topology.assignGroup}/${f.topology.parameter.linked}`,
    cookie: f.admin,
  }),
  'POST /cachegroups/:id/deliveryservices': (f) => ({
    method: 'POST',
    url: `/api/1.3/cachegroups/${f.topology.assignGroup}/deliveryservices`,
    cookie: f.admin,
    payload: { deliveryServices: [f.ids.deliveryServices.ds1] },
  }),
  'POST /deliveryserviceserver': (f) => ({
    method: 'POST',
    url: '/api/1.3/deliveryserviceserver',
    cookie: f.admin,
    payload: { dsId: f.ids.deliveryServices.ds3, servers: [f.topology.servers.link], replace: false },
  }),
  'DELETE /deliveryservice_server/:dsId/:serverId': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/deliveryservice_server/${f.ids.deliveryServices.ds3}/${f.topology.servers.unlink}`,
    cookie: f.admin,
  }),
  'POST /servers/:id/deliveryservices': (f) => ({
    method: 'POST',
    url: `/api/1.3/servers/${f.topology.servers.assign}/deliveryservices?replace=false`,
    cookie: f.admin,
    payload: [f.ids.deliveryServices.ds2],
  }),
};
