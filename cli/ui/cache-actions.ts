import type { PropagationRecord, ServerCheckRecord, ServerRecord } from '../../shared/contract/servers.js';
import type { WriteResult } from './types.js';
import type { CacheMap } from '../../shared/contract/cache-map.js';

export type ServerRow = Pick<
  ServerRecord,
  | 'id'
  | 'hostName'
  | 'type'
  | 'status'
  | 'cachegroup'
  | 'cdnName'
  | 'updPending'
  | 'revalPending'
  | 'lastCheckIn'
  | 'offlineReason'
  | 'ipAddress'
  | 'tcpPort'
  | 'profile'
> &
  // issue 35: as the health monitors last published it (absent from older servers).
  Partial<Pick<ServerRecord, 'isAvailable'>>;
export type ServerCheckRow = Pick<ServerCheckRecord, 'id' | 'checks'>;
export type Propagation = PropagationRecord;

/** What the Servers screen and the purge propagation view ask of the server (issue 15). */
export interface CacheActions {
  listServers(): Promise<ServerRow[]>;
  serverChecks(): Promise<ServerCheckRow[]>;
  setStatus(id: number, status: string, offlineReason?: string): Promise<WriteResult>;
  queue(id: number, queue: boolean): Promise<WriteResult>;
  propagation(jobId: number): Promise<Propagation>;
  /** The live CDN map as it is now (GET caches/events as JSON; issue 33). */
  cacheMap?(): Promise<CacheMap>;
  /** Follows the map's change stream (GET caches/events as text/event-stream) until it ends or `signal` aborts. */
  watchCacheMap?(onChange: () => void, signal: AbortSignal): Promise<void>;
}
