import type {
  PropagationRecord,
  PropagationTier,
  ServerCheckRecord,
  ServerRecord,
} from '../../../shared/contract/servers.js';
import { api } from './api';

// The caches API (issue 15) as the portal uses it; field names are the API's.

export type CacheServer = Pick<
  ServerRecord,
  | 'id'
  | 'hostName'
  | 'domainName'
  | 'type'
  | 'status'
  | 'offlineReason'
  | 'cachegroup'
  | 'cdnName'
  | 'updPending'
  | 'revalPending'
  | 'lastCheckIn'
> &
  // issue 35: as the health monitors last published it (null before any report).
  Partial<Pick<ServerRecord, 'isAvailable'>>;

export type ServerChecks = Pick<ServerCheckRecord, 'id' | 'checks'>;

export type { PropagationTier };

export type JobPropagation = Pick<
  PropagationRecord,
  'jobId' | 'deliveryService' | 'cdnName' | 'complete' | 'checkInIntervalMinutes' | 'tiers' | 'cancelledTime'
>;

export const listServers = () => api.get<CacheServer[]>('/servers');
export const listServerChecks = () => api.get<ServerChecks[]>('/servers/checks');
export const setServerStatus = (id: number, status: string, offlineReason?: string) =>
  api.put<null>(`/servers/${id}/status`, { status, ...(offlineReason ? { offlineReason } : {}) });
export const queueServerUpdate = (id: number, queue: boolean) =>
  api.post<{ serverId: number; action: string }>(`/servers/${id}/queue_update`, {
    action: queue ? 'queue' : 'dequeue',
  });
export const jobPropagation = (jobId: number | string) => api.get<JobPropagation>(`/jobs/${jobId}/propagation`);
