import { toCdn, type CdnRow, type CdnStore } from '../cdns.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// Names in SQLite's binary order, whatever the database's collation.
const list = statement<[], CdnRow>('cdns_list', 'SELECT * FROM cdns ORDER BY name COLLATE "C"');
const byId = statement<[number], CdnRow>('cdns_by_id', 'SELECT * FROM cdns WHERE id = $1::bigint');
const byName = statement<[string], CdnRow>('cdns_by_name', 'SELECT * FROM cdns WHERE name = $1');

/** CDNs on PostgreSQL: the same answers as sqliteCdns. */
export function pgCdns(pool: PgPool): CdnStore {
  return {
    async list() {
      return (await list.all(pool)).map(toCdn);
    },
    async byId(id) {
      const row = await byId.get(pool, id);
      return row ? toCdn(row) : null;
    },
    async byName(name) {
      const row = await byName.get(pool, name);
      return row ? toCdn(row) : null;
    },
  };
}
