import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of the configuration for the other servers (issue 35). The CRConfig and the monitoring
 * configuration are CDN-wide documents that routers and monitors read whole, as in Traffic Ops: a tenant-a caller
 * sees the root tenant's delivery services in them, and its publish reaches the rules (each write case here is one
 * the rules refuse, so nothing changes; test/daemon/topology/cdn-snapshots.test.ts publishes as tenant-a).
 */

const holdsRootServices = (r: unknown) =>
  expect(Object.keys((r as { deliveryServices: Record<string, unknown> }).deliveryServices)).toContain('ds1');

export const SNAPSHOTS_TENANCY: Record<string, TenancyEntry> = {
  'GET /cdns/:name/snapshot': {
    why: 'the published CRConfig is CDN-wide: not narrowed by tenant',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/snapshot`, status: 200 }],
  },
  'GET /cdns/:name/snapshot/new': {
    why: 'the pending CRConfig is CDN-wide: not narrowed by tenant',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/snapshot/new`,
        status: 200,
        response: holdsRootServices,
      },
    ],
  },
  'GET /cdns/:name/snapshot/diff': {
    why: 'the diff compares CDN-wide documents: not narrowed by tenant',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/cdns/${ids.cdn.name}/snapshot/diff`,
        status: 200,
        response: (r) =>
          expect(
            (r as { crconfig: { deliveryServices: { added: string[] } } }).crconfig.deliveryServices.added,
          ).toContain('ds1'),
      },
    ],
  },
  'GET /cdns/:name/configs/monitoring': {
    why: 'the monitoring configuration lists every delivery service, as Traffic Ops did',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/configs/monitoring`,
        status: 200,
        response: (r) =>
          expect((r as { deliveryServices: { xmlId: string }[] }).deliveryServices.map((d) => d.xmlId)).toContain(
            'ds1',
          ),
      },
    ],
  },
  'PUT /cdns/:id/snapshot': {
    why: 'CDNs carry no tenant: the publish reaches the rules',
    cases: [{ as: 'tenanta_user', method: 'PUT', url: () => '/api/1.3/cdns/x1/snapshot', status: 400 }],
  },
  'PUT /snapshot/:cdn': {
    why: 'CDNs carry no tenant: the publish reaches the rules',
    cases: [{ as: 'tenanta_user', method: 'PUT', url: () => '/api/1.3/snapshot/no-such-cdn', status: 404 }],
  },
};
