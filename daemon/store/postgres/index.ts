import type { Store } from '../index.js';
import { pgCachesGroup } from './caches-group.js';
import { pgCatalogGroup } from './catalog-group.js';
import { pgFederationGroup } from './federation-group.js';
import { guardPg } from './faults.js';
import { migratePg } from './migrate.js';
import { openPgPool, type PgPool, type PgPoolOptions } from './pool.js';
import { pgSnapshotGroup } from './snapshot-group.js';
import { pgUsersGroup } from './users-group.js';
import { pgDataVersion } from './versions.js';
import { pgCacheConfig } from './cache-config.js';
import { pgDeliveryServiceWrites } from './deliveryservice-writes.js';
import { pgPlaces } from './places.js';
import { pgCdnSnapshots } from './cdn-snapshots.js';
import { dsRequests } from '../ds-requests.js';
import { pgCacheHealth } from './cache-health.js';
import { pgWorkRunner } from './sql-work.js';
import { pgOriginTransitions } from './origin-transitions.js';

/** The PostgreSQL store over a pool whose database is migrated (openPgStore does both). */
export function pgStore(pool: PgPool): Store {
  const dataVersion = pgDataVersion(pool);
  let closed: Promise<void> | null = null;
  return {
    ...pgUsersGroup(pool),
    ...pgCatalogGroup(pool),
    ...pgCachesGroup(pool),
    ...pgSnapshotGroup(pool),
    cacheConfig: pgCacheConfig(pool),
    deliveryServiceWrites: pgDeliveryServiceWrites(pool),
    places: pgPlaces(pool),
    ...pgFederationGroup(pool),
    cdnSnapshots: pgCdnSnapshots(pool),
    // issue 31: delivery-service requests
    dsRequests: dsRequests(pgWorkRunner(pool)),
    cacheHealth: pgCacheHealth(pool),
    // issue 32: origin transitions
    originTransitions: pgOriginTransitions(pool),
    async ping() {
      await guardPg(() => pool.query('SELECT 1'));
    },
    dataVersion,
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}

/** Connects to the database at `url`, migrates it (once, whichever daemon gets there first) and answers the store. */
export async function openPgStore(url: string, options: PgPoolOptions = {}): Promise<{ store: Store; pool: PgPool }> {
  const pool = openPgPool(url, options);
  try {
    await migratePg(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { store: pgStore(pool), pool };
}
