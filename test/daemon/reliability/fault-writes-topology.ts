import type { GoldenApp } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/** What the valid writes of CDNs, cache groups, the topology's small tables, servers' assignments (issue 30) refer to, prepared while the disk takes writes. */
export type TopologyFaultFixtures = Record<string, number | string>;

export async function prepareTopologyFaults(_t: GoldenApp): Promise<TopologyFaultFixtures> {
  return {};
}

/** A valid request for each write route of CDNs, cache groups, the topology's small tables, servers' assignments (issue 30); `attempt` 0 is refused, 1 must succeed. */
export const TOPOLOGY_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {};
