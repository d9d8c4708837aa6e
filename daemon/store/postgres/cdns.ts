import {
  CDN_USAGE_SQL,
  toCdn,
  toCdnUsage,
  type CdnFields,
  type CdnRow,
  type CdnStore,
  type CdnUsageRow,
} from '../cdns.js';
import { loggedWritePg } from './change-append.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// Names in SQLite's binary order, whatever the database's collation.
const list = statement<[], CdnRow>('cdns_list', 'SELECT * FROM cdns ORDER BY name COLLATE "C"');
const byId = statement<[number], CdnRow>('cdns_by_id', 'SELECT * FROM cdns WHERE id = $1::bigint');
const byName = statement<[string], CdnRow>('cdns_by_name', 'SELECT * FROM cdns WHERE name = $1');
type Values = [string, string, number, number];
const insert = statement<Values, { id: number }>(
  'cdns_insert',
  'INSERT INTO cdns (name, domain_name, dnssec_enabled, last_updated) VALUES ($1, $2, $3, $4) RETURNING id',
);
const update = statement<[...Values, number]>(
  'cdns_update',
  'UPDATE cdns SET name = $1, domain_name = $2, dnssec_enabled = $3, last_updated = $4 WHERE id = $5',
);
const remove = statement<[number]>('cdns_delete', 'DELETE FROM cdns WHERE id = $1');
const usage = statement<[number], CdnUsageRow>('cdns_usage', CDN_USAGE_SQL('$1::integer'));

const values = (f: CdnFields, now: number): Values => [f.name, f.domainName, f.dnssecEnabled ? 1 : 0, now];

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
    async insert(fields, now, change) {
      return loggedWritePg(pool, async (client) => (await insert.get(client, ...values(fields, now)))!.id, change);
    },
    async update(id, fields, now, change) {
      return loggedWritePg(pool, async (client) => (await update.run(client, ...values(fields, now), id)) > 0, change);
    },
    async delete(id, change) {
      return loggedWritePg(pool, async (client) => (await remove.run(client, id)) > 0, change);
    },
    async usage(id) {
      return toCdnUsage(await usage.get(pool, id));
    },
  };
}
