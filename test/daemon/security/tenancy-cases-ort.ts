import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of the Perl root routes ORT reads (issue 34): a tenant-a caller does not see edge2a (it serves
 * only the root tenant's ds3), so its packages and chkconfig are not found and its update status is an empty
 * list; edge1a (serving ds2) it sees. These answers are bare arrays (tenancy.test.ts reads them as the response).
 */

const hosts = (r: unknown) => (r as { host_name: string }[]).map((s) => s.host_name);

export const ORT_TENANCY: Record<string, TenancyEntry> = {
  'GET /ort/:hostname/packages': {
    why: "an invisible server's packages are not found",
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/ort/${ids.servers.rootHost}/packages`,
        status: 404,
        text: "server 'edge2a' not found",
      },
      { as: 'tenanta_user', url: () => '/ort/edge1a/packages', status: 200, response: (r) => expect(r).toEqual([]) },
    ],
  },
  'GET /ort/:hostname/chkconfig': {
    why: "an invisible server's chkconfig is not found",
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/ort/${ids.servers.rootHost}/chkconfig`,
        status: 404,
        text: "server 'edge2a' not found",
      },
      { as: 'tenanta_user', url: () => '/ort/edge1a/chkconfig', status: 200, response: (r) => expect(r).toEqual([]) },
    ],
  },
  'GET /update/:hostname': {
    why: 'an invisible server has no update status, and `all` lists the visible servers only',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/update/${ids.servers.rootHost}`,
        status: 200,
        response: (r) => expect(r).toEqual([]),
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: () => '/update/all',
        status: 200,
        response: (r) => expect(hosts(r)).toEqual(['edge1a', 'edge1b', 'mid1', 'mid2']),
      },
    ],
  },
};
