import {
  CACHE_SERVER_SELECT,
  FIRST_CACHE_WHERE,
  HOLDER_CACHEGROUPS_SQL,
  HOLDER_WHERE,
  toCacheServer,
  type CacheConfigStore,
  type CacheServerRow,
} from '../cache-config.js';
import { SERVER_SELECT, toServer, type ServerRow } from '../server-rows.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// Host names sort as SQLite sorts them: by bytes (COLLATE "C").
const inGroups = statement<[number, number[]], ServerRow>(
  'cache_config_servers_in_groups',
  `${SERVER_SELECT} WHERE s.cdn_id = $1 AND s.cachegroup_id = ANY($2::integer[]) ORDER BY s.host_name COLLATE "C"`,
);
const dsIds = statement<[number[]], { id: number }>(
  'cache_config_ds_ids_of_servers',
  `SELECT DISTINCT deliveryservice_id AS id FROM deliveryservice_servers
    WHERE server_id = ANY($1::integer[]) ORDER BY deliveryservice_id`,
);

const first = statement<[number, string | null, string | null], ServerRow>(
  'cache_config_first_cache',
  `${SERVER_SELECT} ${FIRST_CACHE_WHERE('$1', '$2::text', '$3::text')} ORDER BY s.host_name COLLATE "C" LIMIT 1`,
);

const holders = statement<[number], ServerRow>(
  'cache_config_holders_of',
  `${SERVER_SELECT} WHERE s.id IN (SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = $1)
    ORDER BY s.host_name COLLATE "C"`,
);

const firstHolder = statement<[number, string | null, string | null, number], ServerRow>(
  'cache_config_first_holder',
  `${SERVER_SELECT} ${FIRST_CACHE_WHERE('$1', '$2::text', '$3::text')} ${HOLDER_WHERE('$4')}
    ORDER BY s.host_name COLLATE "C" LIMIT 1`,
);

const holderGroups = statement<[number, number], { cachegroup_id: number }>(
  'cache_config_holder_cachegroups',
  HOLDER_CACHEGROUPS_SQL('$1', '$2'),
);

const cachesIn = statement<[number, number[]], CacheServerRow>(
  'cache_config_caches_in_groups',
  `${CACHE_SERVER_SELECT} WHERE s.cdn_id = $1 AND s.cachegroup_id = ANY($2::integer[])
    ORDER BY s.host_name COLLATE "C"`,
);

const byId = statement<[number], ServerRow>('cache_config_server_by_id', `${SERVER_SELECT} WHERE s.id = $1`);
const byHost = statement<[string], ServerRow>('cache_config_server_by_host', `${SERVER_SELECT} WHERE s.host_name = $1`);

export function pgCacheConfig(pool: PgPool): CacheConfigStore {
  return {
    async serverById(id) {
      const row = await byId.get(pool, id);
      return row ? toServer(row) : null;
    },
    async serverByHostName(hostName) {
      const row = await byHost.get(pool, hostName);
      return row ? toServer(row) : null;
    },
    async holdersOf(dsId) {
      return (await holders.all(pool, dsId)).map(toServer);
    },
    async firstHolder(ds, cdn, profile, tier) {
      const row = await firstHolder.get(pool, cdn, profile, tier, ds);
      return row ? toServer(row) : null;
    },
    async holderCachegroupIds(ds, cdn) {
      return (await holderGroups.all(pool, ds, cdn)).map((r) => r.cachegroup_id);
    },
    async firstCache(cdn, profile, tier) {
      const row = await first.get(pool, cdn, profile, tier);
      return row ? toServer(row) : null;
    },
    async serversInCachegroups(cdnId, cachegroupIds) {
      if (cachegroupIds.length === 0) return [];
      return (await inGroups.all(pool, cdnId, [...cachegroupIds])).map(toServer);
    },
    async cachesInCachegroups(cdnId, cachegroupIds) {
      if (cachegroupIds.length === 0) return [];
      return (await cachesIn.all(pool, cdnId, [...cachegroupIds])).map(toCacheServer);
    },
    async deliveryServiceIdsOfServers(serverIds) {
      if (serverIds.length === 0) return [];
      return (await dsIds.all(pool, [...serverIds])).map((r) => r.id);
    },
  };
}
