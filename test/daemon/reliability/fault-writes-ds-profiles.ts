import type { GoldenApp } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/** What the valid writes of delivery services, their regexes and users, profiles and parameters (issue 31) refer to, prepared while the disk takes writes. */
export type DsProfilesFaultFixtures = Record<string, number | string>;

export async function prepareDsProfilesFaults(_t: GoldenApp): Promise<DsProfilesFaultFixtures> {
  return {};
}

/** A valid request for each write route of delivery services, their regexes and users, profiles and parameters (issue 31); `attempt` 0 is refused, 1 must succeed. */
export const DS_PROFILES_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {};
