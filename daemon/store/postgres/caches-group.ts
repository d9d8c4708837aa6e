import type { Store } from '../index.js';
import { pgCachegroups } from './cachegroups.js';
import { pgJobs } from './jobs.js';
import type { PgPool } from './pool.js';
import { pgPropagation } from './propagation.js';
import { pgServerAgents } from './server-agents.js';
import { pgServerFlags } from './server-flags.js';
import { pgServerChecks } from './serverchecks.js';
import { pgServers } from './servers.js';

export type CachesGroup = Pick<
  Store,
  'jobs' | 'cachegroups' | 'servers' | 'serverFlags' | 'serverAgents' | 'serverChecks' | 'propagation'
>;

/** Purge jobs, cache groups, servers, their flags and checks, and job propagation on PostgreSQL. */
export function pgCachesGroup(pool: PgPool): CachesGroup {
  return {
    jobs: pgJobs(pool),
    cachegroups: pgCachegroups(pool),
    servers: pgServers(pool),
    serverFlags: pgServerFlags(pool),
    serverAgents: pgServerAgents(pool),
    serverChecks: pgServerChecks(pool),
    propagation: pgPropagation(pool),
  };
}
