import type { Db } from './db.js';
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

/**
 * The light neighbours' read. `+s.cdn_id`: the cache-group index finds the few rows; the CDN's index would walk
 * every server of the CDN.
 */
function cachesInStatement(db: Db) {
  return db.prepare<[number, string], CacheServerRow>(
    `${CACHE_SERVER_SELECT} WHERE +s.cdn_id = ? AND s.cachegroup_id IN (SELECT value FROM json_each(?))
      ORDER BY s.host_name`,
  );
}

export function sqliteCacheConfig(db: Db): CacheConfigStore {
  const inGroups = db.prepare<[number, string], ServerRow>(
    `${SERVER_SELECT} WHERE s.cdn_id = ? AND s.cachegroup_id IN (SELECT value FROM json_each(?)) ORDER BY s.host_name`,
  );
  const dsIds = db
    .prepare<[string], number>(
      `SELECT DISTINCT deliveryservice_id FROM deliveryservice_servers
        WHERE server_id IN (SELECT value FROM json_each(?)) ORDER BY deliveryservice_id`,
    )
    .pluck();
  const first = db.prepare<[{ cdn: number; profile: string | null; tier: string | null }], ServerRow>(
    `${SERVER_SELECT} ${FIRST_CACHE_WHERE('@cdn', '@profile', '@tier')} ORDER BY s.host_name LIMIT 1`,
  );
  const holders = db.prepare<[number], ServerRow>(
    `${SERVER_SELECT} WHERE s.id IN (SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = ?)
      ORDER BY s.host_name`,
  );
  const firstHolder = db.prepare<[{ ds: number; cdn: number; profile: string | null; tier: string | null }], ServerRow>(
    `${SERVER_SELECT} ${FIRST_CACHE_WHERE('@cdn', '@profile', '@tier')} ${HOLDER_WHERE('@ds')}
      ORDER BY s.host_name LIMIT 1`,
  );
  const holderGroups = db.prepare<[number, number], number>(HOLDER_CACHEGROUPS_SQL('?', '?')).pluck();
  const cachesIn = cachesInStatement(db);
  const byId = db.prepare<[number], ServerRow>(`${SERVER_SELECT} WHERE s.id = ?`);
  const byHost = db.prepare<[string], ServerRow>(`${SERVER_SELECT} WHERE s.host_name = ?`);
  const server = (row: ServerRow | undefined) => (row ? toServer(row) : null);
  return {
    async serverById(id) {
      return server(byId.get(id));
    },
    async serverByHostName(hostName) {
      return server(byHost.get(hostName));
    },
    async holdersOf(dsId) {
      return holders.all(dsId).map(toServer);
    },
    async firstHolder(ds, cdn, profile, tier) {
      return server(firstHolder.get({ ds, cdn, profile, tier }));
    },
    async holderCachegroupIds(ds, cdn) {
      return holderGroups.all(ds, cdn);
    },
    async firstCache(cdn, profile, tier) {
      const row = first.get({ cdn, profile, tier });
      return row ? toServer(row) : null;
    },
    async serversInCachegroups(cdnId, cachegroupIds) {
      if (cachegroupIds.length === 0) return [];
      return inGroups.all(cdnId, JSON.stringify(cachegroupIds)).map(toServer);
    },
    async cachesInCachegroups(cdnId, cachegroupIds) {
      if (cachegroupIds.length === 0) return [];
      return cachesIn.all(cdnId, JSON.stringify(cachegroupIds)).map(toCacheServer);
    },
    async deliveryServiceIdsOfServers(serverIds) {
      if (serverIds.length === 0) return [];
      return dsIds.all(JSON.stringify(serverIds));
    },
  };
}
