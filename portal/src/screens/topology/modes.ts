import type { PlaceKind } from '../../../../shared/rules/forms/topology.js';
import type { CachegroupRecord, CdnRecord } from '../../api/topology';
import type { Writes } from '../../hooks/useWrites';

/** A division, region or physical location as the page holds it: its id and name, the rest by the API's keys. */
export type PlaceRow = { id: number; name: string } & Record<string, unknown>;

/** What the Topology page shows besides its lists: at most one form or delete confirmation at a time. */
export type TopologyMode =
  | { kind: 'list' }
  | { kind: 'cdn'; cdn: CdnRecord | null }
  | { kind: 'deleteCdn'; cdn: CdnRecord }
  | { kind: 'cachegroup'; group: CachegroupRecord | null }
  | { kind: 'deleteCachegroup'; group: CachegroupRecord }
  | { kind: 'place'; place: PlaceKind; record: PlaceRow | null }
  | { kind: 'deletePlace'; place: PlaceKind; record: PlaceRow };

export type TopologyWrites = Writes<TopologyMode>;

export const LIST: TopologyMode = { kind: 'list' };
