import type { Store } from '../store/index.js';
import { pending } from './pending.js';
import type { PgPool } from './pool.js';

export type CachesGroup = Pick<Store, 'jobs' | 'cachegroups' | 'servers' | 'serverFlags' | 'serverChecks' | 'propagation'>;

/** Purge jobs, cache groups, servers, their flags and checks, and job propagation on PostgreSQL. */
export function pgCachesGroup(_pool: PgPool): CachesGroup {
  return {
    jobs: pending('jobs'),
    cachegroups: pending('cachegroups'),
    servers: pending('servers'),
    serverFlags: pending('serverFlags'),
    serverChecks: pending('serverChecks'),
    propagation: pending('propagation'),
  };
}
