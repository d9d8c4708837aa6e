import type { TenancyEntry } from './tenancy-cases.js';

const userBody = { username: 'ro_user', email: 'ro@example.test', fullName: 'Read Only', role: 3 };

/** Tenancy cases of issue 31's routes: tenants, roles, user writes and federations. */
export const TENANTS_FED_TENANCY: Record<string, TenancyEntry> = {
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
