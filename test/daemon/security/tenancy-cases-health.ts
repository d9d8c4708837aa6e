import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of cache health (issue 35). The health reads are CDN-wide counts, as Traffic Ops answered them;
 * a report records only the caches the caller's tenants see (edge2a, the root tenant's ds3 cache, is skipped for
 * a tenant-a caller: test/daemon/health/cdn-health.test.ts).
 */
export const HEALTH_TENANCY: Record<string, TenancyEntry> = {
  'GET /cdns/health': {
    why: 'CDN-wide counts: not narrowed by tenant',
    cases: [{ as: 'tenanta_user', url: () => '/api/1.3/cdns/health', status: 200 }],
  },
  'GET /cdns/:name/health': {
    why: 'CDN-wide counts: not narrowed by tenant',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/health`, status: 200 }],
  },
  'POST /cdns/:name/health/report': {
    why: 'a report records only the caches the caller sees; the root-only cache is skipped',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/health/report`,
        body: (ids) => ({ monitor: 'mon1', caches: { [ids.servers.rootHost]: { isAvailable: false } } }),
        status: 200,
        response: (r) => expect((r as { recorded: string[] }).recorded).toEqual([]),
      },
    ],
  },
};
