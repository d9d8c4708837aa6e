import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/** A valid request for each publish route of the CRConfig (issue 35); `attempt` 0 is refused, 1 must succeed. */
export const SNAPSHOT_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'PUT /cdns/:id/snapshot': (f) => ({ method: 'PUT', url: `/api/1.3/cdns/${f.ids.cdn.id}/snapshot`, cookie: f.admin }),
  'PUT /snapshot/:cdn': (f) => ({ method: 'PUT', url: `/api/1.3/snapshot/${f.ids.cdn.name}`, cookie: f.admin }),
};
