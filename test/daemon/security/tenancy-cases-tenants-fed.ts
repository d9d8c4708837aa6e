import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

const userBody = { username: 'ro_user', email: 'ro@example.test', fullName: 'Read Only', role: 3 };

/** Tenancy cases of issue 31's routes: tenants, roles, user writes and federations. */
export const TENANTS_FED_TENANCY: Record<string, TenancyEntry> = {
  'GET /capabilities': {
    why: 'capabilities carry no tenant: every reader sees them',
    cases: [
      {
        as: 'tenanta_user',
        url: () => '/api/1.5/capabilities?name=nope',
        status: 200,
        response: (r) => expect(r).toEqual([]),
      },
    ],
  },
  'PUT /roles': {
    why: 'roles carry no tenant: a tenant admin changes roles as any admin (up to its own level)',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: () => '/api/1.5/roles?id=99999',
        body: () => ({ name: 'x', description: 'y', privLevel: 10 }),
        status: 404,
        text: 'no role found with this id',
      },
    ],
  },
  'DELETE /roles': {
    why: 'roles carry no tenant; a role with users is never deleted',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: () => '/api/1.5/roles?id=99999',
        status: 404,
        text: 'no role with that key found',
      },
    ],
  },
  'GET /cdns/:name/federations': {
    why: 'rows of another tenant’s delivery services are left out (Traffic Ops refused the list with 403)',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/cdns/${ids.cdn.name}/federations?id=${ids.federation}`,
        status: 200,
        response: (r) => expect(r).toEqual([]),
      },
    ],
  },
  'GET /cdns/:name/federations/:id': {
    why: 'a federation row of another tenant’s delivery service is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/cdns/${ids.cdn.name}/federations/${ids.federation}`,
        status: 404,
        text: 'not found',
      },
    ],
  },
  'POST /cdns/:name/federations': {
    why: 'a new federation serves nothing yet: no tenant to check (the path CDN is not checked, as in Traffic Ops)',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: (ids) => `/api/1.5/cdns/${ids.cdn.name}/federations`,
        body: () => ({ cname: 'fed1.example.test.', ttl: 5 }),
        status: 400,
        text: "federation cname 'fed1.example.test.' already exists.",
      },
    ],
  },
  'PUT /cdns/:name/federations/:id': {
    why: 'a federation serving another tenant’s delivery service is not the caller’s to change',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/cdns/${ids.cdn.name}/federations/${ids.federation}`,
        body: () => ({ cname: 'x.example.test.', ttl: 5 }),
        status: 403,
        text: 'unauthorized for tenant',
      },
    ],
  },
  'DELETE /cdns/:name/federations/:id': {
    why: 'a federation serving another tenant’s delivery service is not the caller’s to delete',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.5/cdns/${ids.cdn.name}/federations/${ids.federation}`,
        status: 403,
        text: 'unauthorized for tenant',
      },
    ],
  },
  'GET /federation_resolvers': {
    why: 'resolvers carry no tenant (Traffic Ops had none): every reader sees them',
    cases: [
      {
        as: 'tenanta_user',
        url: () => '/api/1.5/federation_resolvers?id=1',
        status: 200,
        response: (r) => expect(Array.isArray(r)).toBe(true),
      },
    ],
  },
  'DELETE /federation_resolvers': {
    why: 'resolvers carry no tenant; an unknown one is not found for anyone',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: () => '/api/1.5/federation_resolvers?id=99999',
        status: 404,
        text: 'No federation resolver by ID 99999',
      },
    ],
  },
  'DELETE /federation_resolvers/:id': {
    why: 'resolvers carry no tenant; an unknown one is not found for anyone',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: () => '/api/1.5/federation_resolvers/99999',
        status: 404,
        text: 'No federation resolver by ID 99999',
      },
    ],
  },
  'GET /federations/:id/federation_resolvers': {
    why: 'an invisible federation answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/federations/${ids.federation}/federation_resolvers`,
        status: 200,
        response: (r) => expect(r).toEqual([]),
      },
    ],
  },
  'POST /federations/:id/federation_resolvers': {
    why: 'an invisible federation is not found',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: (ids) => `/api/1.5/federations/${ids.federation}/federation_resolvers`,
        body: () => ({ fedResolverIds: [] }),
        status: 404,
        text: "'{federation}': no such Federation",
      },
    ],
  },
  'GET /federations/:id/deliveryservices': {
    why: 'an invisible federation answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/federations/${ids.federation}/deliveryservices`,
        status: 200,
        response: (r) => expect(r).toEqual([]),
      },
    ],
  },
  'POST /federations/:id/deliveryservices': {
    why: 'an invisible federation is not found',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: (ids) => `/api/1.5/federations/${ids.federation}/deliveryservices`,
        body: (ids) => ({ dsIds: [ids.deliveryServices.ds2] }),
        status: 404,
        text: 'federation {federation} not found',
      },
    ],
  },
  'DELETE /federations/:id/deliveryservices/:dsID': {
    why: 'an invisible federation is not found',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.5/federations/${ids.federation}/deliveryservices/${ids.deliveryServices.ds1}`,
        status: 404,
        text: 'federation {federation} not found',
      },
    ],
  },
  'GET /tenants/:id': {
    why: 'a tenant outside the caller’s tree answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/tenants/${ids.tenants.root}`,
        status: 200,
        response: (r) => expect(r).toEqual([]),
      },
    ],
  },
  'POST /tenants': {
    why: 'a new tenant goes only under a parent in the caller’s tree',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.5/tenants',
        body: (ids) => ({ name: 'escapee', active: true, parentId: ids.tenants.root }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'PUT /tenants/:id': {
    why: 'a tenant outside the caller’s tree is not the caller’s to change',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/tenants/${ids.tenants.tenantA}`,
        body: (ids) => ({ name: 'tenant-a', active: true, parentId: ids.tenants.tenantA + 1000 }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'DELETE /tenants/:id': {
    why: 'a tenant outside the caller’s tree is not the caller’s to delete',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.5/tenants/${ids.tenants.root}`,
        status: 400,
        text: 'trying to change the root tenant, which is immutable',
      },
    ],
  },
  'PUT /users/:id': {
    why: 'a user of an invisible tenant is not the caller’s to change, nor may one move a user there',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/users/${ids.users.ro_user}`,
        body: (ids) => ({ ...userBody, tenantId: ids.tenants.root }),
        status: 403,
        text: 'not authorized on this tenant',
      },
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/users/${ids.users.tenanta_user}`,
        body: (ids) => ({
          username: 'tenanta_user',
          email: 'ta@example.test',
          fullName: 'Tenant A User',
          role: 2,
          tenantId: ids.tenants.root,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
};
