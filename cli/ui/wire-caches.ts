import type { HttpClient } from '../../shared/client/http.js';
import {
  jobPropagation,
  listServerChecks,
  listServers,
  queueServer,
  setServerStatus,
} from '../../shared/client/servers.js';
import type { CacheActions } from './cache-actions.js';
import { getCacheMap, watchCacheMap } from '../../shared/client/cache-map.js';

/** The caches' screen actions over one authenticated client. */
export function clientCacheActions(http: HttpClient): CacheActions {
  return {
    listServers: async () => (await listServers(http)).response,
    serverChecks: async () => (await listServerChecks(http)).response,
    setStatus: async (id, status, reason) => ({ alerts: (await setServerStatus(http, id, status, reason)).alerts }),
    queue: async (id, queue) => {
      const result = await queueServer(http, id, queue);
      return {
        alerts: [
          {
            level: 'success',
            text: `${queue ? 'Queued an update' : 'Cleared the queued update'} (server ${result.response.serverId})`,
          },
        ],
      };
    },
    propagation: async (jobId) => (await jobPropagation(http, jobId)).response,
    cacheMap: async () => (await getCacheMap(http)).response,
    watchCacheMap: (onChange, signal) => watchCacheMap(http, onChange, signal),
  };
}
