import type { GoldenApp } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/** What the valid writes of tenants, federations, federation resolvers, roles, users by id (issue 31) refer to, prepared while the disk takes writes. */
export type TenantsFedFaultFixtures = Record<string, number | string>;

export async function prepareTenantsFedFaults(_t: GoldenApp): Promise<TenantsFedFaultFixtures> {
  return {};
}

/** A valid request for each write route of tenants, federations, federation resolvers, roles, users by id (issue 31); `attempt` 0 is refused, 1 must succeed. */
export const TENANTS_FED_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {};
