import { api } from './api';

// The caches API (issue 15) as the portal uses it; field names are the API's.

export interface CacheServer {
  id: number;
  hostName: string;
  domainName: string;
  type: string;
  status: string;
  offlineReason: string | null;
  cachegroup: string;
  cdnName: string;
  updPending: boolean;
  revalPending: boolean;
  lastCheckIn: string | null;
}

export interface ServerChecks {
  id: number;
  checks?: Record<string, number | null>;
}

export interface PropagationTier {
  tier: string;
  total: number;
  applied: number;
  pending: number;
  pendingHosts: string[];
  overdue: string[];
}

export interface JobPropagation {
  jobId: number;
  deliveryService: string;
  cdnName: string;
  complete: boolean;
  checkInIntervalMinutes: number;
  tiers: PropagationTier[];
}

export const listServers = () => api.get<CacheServer[]>('/servers');
export const listServerChecks = () => api.get<ServerChecks[]>('/servers/checks');
export const setServerStatus = (id: number, status: string, offlineReason?: string) =>
  api.put<null>(`/servers/${id}/status`, { status, ...(offlineReason ? { offlineReason } : {}) });
export const queueServerUpdate = (id: number, queue: boolean) =>
  api.post<{ serverId: number; action: string }>(`/servers/${id}/queue_update`, { action: queue ? 'queue' : 'dequeue' });
export const jobPropagation = (jobId: number | string) => api.get<JobPropagation>(`/jobs/${jobId}/propagation`);
