import { expect } from 'vitest';
import { ROLES, type GoldenApp } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/**
 * What the valid writes of tenants, federations, federation resolvers, roles and users by id (issue 31) refer to,
 * prepared while the disk takes writes. Every record is this file's own, so no other area's writes (sent before,
 * in route-table order) take one away, and none of ours takes away what another's needs: the golden federation
 * (ds1, the one the federation-user writes assign to) is left alone.
 */
export interface TenantsFedFaultFixtures {
  /** A user of the root tenant for PUT users/:id. */
  user: number;
  /** Tenants under root: one to rename, one to delete. */
  tenants: { update: number; remove: number };
  /**
   * Federations of cdn1: `mapping` serves ds1 and has admin assigned, with one resolver mapped (the federation
   * user's own POST/PUT/DELETE federations act on it); `update` and `remove` serve nothing; `links` serves ds1 and
   * gets resolvers and delivery services linked; `unlink` serves ds1 and ds2 and loses ds2.
   */
  federations: { mapping: number; update: number; remove: number; links: number; unlink: number };
  /** Resolvers linked to nothing: two to delete (by query, by path), one to link to `links`. */
  resolvers: { removeByQuery: number; removeByPath: number; link: number };
  /** The RESOLVE4 type. */
  resolve4: number;
  /** Roles without users: one to change, one to delete. */
  roles: { update: number; remove: number };
}

/** The federation user's resolver mappings use 192.0.2.0/24, the resolvers made alone 198.51.100.0/24 and 203.0.113.0/24. */
const mappingIp = (n: number) => `192.0.2.${n}`;

export async function prepareTenantsFedFaults(t: GoldenApp): Promise<TenantsFedFaultFixtures> {
  const admin = await t.session('admin');
  const call = async (method: 'POST' | 'PUT', url: string, payload: object): Promise<{ id?: number }> => {
    const res = await t.app.inject({ method, url, headers: { cookie: admin }, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return (res.json() as { response: { id?: number } }).response;
  };
  const created = async (url: string, payload: object): Promise<number> => {
    const { id } = await call('POST', url, payload);
    if (typeof id !== 'number') throw new Error(`POST ${url} answered no id`);
    return id;
  };
  const { ds1, ds2 } = t.ids.deliveryServices;
  const federation = async (name: string, dsIds: number[]) => {
    const id = await created('/api/1.3/cdns/cdn1/federations', { cname: `${name}.example.test.`, ttl: 60 });
    if (dsIds.length > 0) await call('POST', `/api/1.3/federations/${id}/deliveryservices`, { dsIds, replace: true });
    return id;
  };
  const resolve4 = (await t.store.typeLookup.find('federation', { name: 'RESOLVE4' }))?.id;
  if (resolve4 === undefined) throw new Error('type RESOLVE4 missing');
  const resolver = (ipAddress: string) => created('/api/1.3/federation_resolvers', { ipAddress, typeId: resolve4 });
  const tenant = (name: string) => created('/api/1.3/tenants', { name, active: true, parentId: t.ids.tenants.root });
  const role = (name: string) =>
    created('/api/1.3/roles', { name, description: 'fault test role', privLevel: ROLES['read-only'].privLevel });

  const mapping = await federation('fault-mapping', [ds1]);
  await call('POST', `/api/1.3/federations/${mapping}/users`, { userIds: [t.ids.users.admin], replace: false });
  // A resolver of admin's federation for DELETE federations to remove.
  await call('POST', '/api/1.4/federations', [{ deliveryService: 'ds1', mappings: { resolve4: [mappingIp(1)] } }]);
  return {
    user: await created('/api/1.3/users', {
      username: 'fault_put_user',
      email: 'fault_put_user@example.test',
      fullName: 'Fault Put User',
      localPassword: 'FaultUserPassw0rd!',
      confirmLocalPassword: 'FaultUserPassw0rd!',
      role: ROLES['read-only'].id,
      tenantId: t.ids.tenants.root,
    }),
    tenants: { update: await tenant('fault-tenant-update'), remove: await tenant('fault-tenant-remove') },
    federations: {
      mapping,
      update: await federation('fault-update', []),
      remove: await federation('fault-remove', []),
      links: await federation('fault-links', [ds1]),
      unlink: await federation('fault-unlink', [ds1, ds2]),
    },
    resolvers: {
      removeByQuery: await resolver('198.51.100.1'),
      removeByPath: await resolver('198.51.100.2'),
      link: await resolver('198.51.100.3'),
    },
    resolve4,
    roles: { update: await role('fault-role-update'), remove: await role('fault-role-remove') },
  };
}

/**
 * A valid request for each write route of tenants, federations, federation resolvers, roles and users by id
 * (issue 31); `attempt` 0 is refused, 1 must succeed. Each attempt writes other values, so none is a no-op. At
 * attempt 1 the federation user's DELETE federations finds the resolver POST federations has just mapped (and the
 * one prepared), and PUT federations then replaces none with a new one.
 */
export const TENANTS_FED_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'PUT /users/:id': (f, attempt) => ({
    method: 'PUT',
    url: `/api/1.3/users/${f.tenantsFed.user}`,
    cookie: f.admin,
    payload: {
      username: 'fault_put_user',
      email: 'fault_put_user@example.test',
      fullName: `Fault Put User ${attempt}`,
      role: ROLES['read-only'].id,
      tenantId: f.ids.tenants.root,
    },
  }),
  'POST /federations': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.4/federations',
    cookie: f.admin,
    payload: [{ deliveryService: 'ds1', mappings: { resolve4: [mappingIp(10 + attempt)] } }],
  }),
  'DELETE /federations': (f) => ({ method: 'DELETE', url: '/api/1.3/federations', cookie: f.admin }),
  'PUT /federations': (f, attempt) => ({
    method: 'PUT',
    url: '/api/1.3/federations',
    cookie: f.admin,
    payload: {
      federations: [{ deliveryService: 'ds1', mappings: { resolve4: [mappingIp(20 + attempt)], resolve6: [] } }],
    },
  }),
  'POST /tenants': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/tenants',
    cookie: f.admin,
    payload: { name: `fault-tenant-new-${attempt}`, active: true, parentId: f.ids.tenants.root },
  }),
  'PUT /tenants/:id': (f, attempt) => ({
    method: 'PUT',
    url: `/api/1.3/tenants/${f.tenantsFed.tenants.update}`,
    cookie: f.admin,
    payload: { name: `fault-tenant-updated-${attempt}`, active: attempt === 0, parentId: f.ids.tenants.root },
  }),
  'DELETE /tenants/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/tenants/${f.tenantsFed.tenants.remove}`,
    cookie: f.admin,
  }),
  'POST /cdns/:name/federations': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/cdns/cdn1/federations',
    cookie: f.admin,
    payload: { cname: `fault-new-${attempt}.example.test.`, ttl: 60, description: 'fault test' },
  }),
  'PUT /cdns/:name/federations/:id': (f, attempt) => ({
    method: 'PUT',
    url: `/api/1.3/cdns/cdn1/federations/${f.tenantsFed.federations.update}`,
    cookie: f.admin,
    payload: { cname: `fault-updated-${attempt}.example.test.`, ttl: 30 + attempt, description: 'fault test' },
  }),
  'DELETE /cdns/:name/federations/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/cdns/cdn1/federations/${f.tenantsFed.federations.remove}`,
    cookie: f.admin,
  }),
  'POST /federation_resolvers': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/federation_resolvers',
    cookie: f.admin,
    payload: { ipAddress: `203.0.113.${attempt + 1}`, typeId: f.tenantsFed.resolve4 },
  }),
  'DELETE /federation_resolvers': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/federation_resolvers?id=${f.tenantsFed.resolvers.removeByQuery}`,
    cookie: f.admin,
  }),
  'DELETE /federation_resolvers/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/federation_resolvers/${f.tenantsFed.resolvers.removeByPath}`,
    cookie: f.admin,
  }),
  'POST /federations/:id/federation_resolvers': (f) => ({
    method: 'POST',
    url: `/api/1.3/federations/${f.tenantsFed.federations.links}/federation_resolvers`,
    cookie: f.admin,
    payload: { fedResolverIds: [f.tenantsFed.resolvers.link], replace: true },
  }),
  'POST /federations/:id/deliveryservices': (f) => ({
    method: 'POST',
    url: `/api/1.3/federations/${f.tenantsFed.federations.links}/deliveryservices`,
    cookie: f.admin,
    payload: { dsIds: [f.ids.deliveryServices.ds1, f.ids.deliveryServices.ds2], replace: true },
  }),
  'DELETE /federations/:id/deliveryservices/:dsID': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/federations/${f.tenantsFed.federations.unlink}/deliveryservices/${f.ids.deliveryServices.ds2}`,
    cookie: f.admin,
  }),
  'POST /roles': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/roles',
    cookie: f.admin,
    payload: { name: `fault-role-new-${attempt}`, description: 'fault test role', privLevel: 10 },
  }),
  'PUT /roles': (f, attempt) => ({
    method: 'PUT',
    url: `/api/1.3/roles?id=${f.tenantsFed.roles.update}`,
    cookie: f.admin,
    payload: {
      name: 'fault-role-update',
      description: `fault test role, attempt ${attempt}`,
      privLevel: ROLES['read-only'].privLevel,
      capabilities: [],
    },
  }),
  'DELETE /roles': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/roles?id=${f.tenantsFed.roles.remove}`,
    cookie: f.admin,
  }),
  'POST /capabilities': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/capabilities',
    cookie: f.admin,
    payload: { name: `fault-capability-${attempt}`, description: 'fault test capability' },
  }),
};
