import type { CacheServer } from '../api/caches';
import { checkText } from '../../../shared/rules/server-checks.js';

/** The Servers page's filters; an empty value does not filter. */
export interface ServerFilter {
  cdn: string;
  cachegroup: string;
  type: string;
  status: string;
}

export const NO_FILTER: ServerFilter = { cdn: '', cachegroup: '', type: '', status: '' };
export const SERVER_STATUSES = ['ONLINE', 'REPORTED', 'ADMIN_DOWN', 'OFFLINE', 'PRE_PROD'] as const;
export const NEEDS_REASON = new Set(['ADMIN_DOWN', 'OFFLINE']);

export function filterServers(servers: CacheServer[], f: ServerFilter): CacheServer[] {
  return servers.filter(
    (s) =>
      (!f.cdn || s.cdnName === f.cdn) &&
      (!f.cachegroup || s.cachegroup === f.cachegroup) &&
      (!f.type || s.type === f.type) &&
      (!f.status || s.status === f.status),
  );
}

/** The values a filter can take, from the servers listed, sorted. */
export function choices(servers: CacheServer[], pick: (s: CacheServer) => string): string[] {
  return [...new Set(servers.map(pick))].sort();
}

/** A check value as a cell: ✓ / ✗, minutes for the check-in age, `–` when unset (shared with the CLI). */
export const checkCell = (checks: Record<string, number | null> | undefined, name: string) =>
  checkText(name, checks?.[name]);
