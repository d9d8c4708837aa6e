import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

const userBody = { username: 'ro_user', email: 'ro@example.test', fullName: 'Read Only', role: 3 };

/** Tenancy cases of issue 31's routes: tenants, roles, user writes and federations. */
export const TENANTS_FED_TENANCY: Record<string, TenancyEntry> = {
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
