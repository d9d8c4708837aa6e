import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/** A valid request for the monitors' health report (issue 35); `attempt` 0 is refused, 1 must succeed. */
export const HEALTH_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'POST /cdns/:name/health/report': (f, attempt) => ({
    method: 'POST',
    url: `/api/1.3/cdns/${f.ids.cdn.name}/health/report`,
    payload: { monitor: `mon-${attempt}`, caches: { [f.ids.servers.rootHost]: { isAvailable: attempt === 0 } } },
    cookie: f.admin,
  }),
};
