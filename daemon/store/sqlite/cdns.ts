import type { Db } from './db.js';
import { loggedWrite } from './change-log.js';
import { guardWrite } from '../faults.js';
import {
  CDN_USAGE_SQL,
  type CdnFields,
  type CdnRow,
  type CdnStore,
  type CdnUsageRow,
  toCdn,
  toCdnUsage,
} from '../cdns.js';

const params = (f: CdnFields, now: number) => ({
  name: f.name,
  domain: f.domainName,
  dnssec: f.dnssecEnabled ? 1 : 0,
  now,
});

export function sqliteCdns(db: Db): CdnStore {
  const list = db.prepare<[], CdnRow>('SELECT * FROM cdns ORDER BY name');
  const byId = db.prepare<[number], CdnRow>('SELECT * FROM cdns WHERE id = ?');
  const byName = db.prepare<[string], CdnRow>('SELECT * FROM cdns WHERE name = ?');
  const insert = db.prepare(
    'INSERT INTO cdns (name, domain_name, dnssec_enabled, last_updated) VALUES (@name, @domain, @dnssec, @now)',
  );
  const update = db.prepare(
    'UPDATE cdns SET name = @name, domain_name = @domain, dnssec_enabled = @dnssec, last_updated = @now WHERE id = @id',
  );
  const remove = db.prepare<[number]>('DELETE FROM cdns WHERE id = ?');
  const usage = db.prepare<{ p: number }, CdnUsageRow>(CDN_USAGE_SQL('@p'));
  const logged = loggedWrite(db);
  return {
    async list() {
      return list.all().map(toCdn);
    },
    async byId(id) {
      const row = byId.get(id);
      return row ? toCdn(row) : null;
    },
    async byName(name) {
      const row = byName.get(name);
      return row ? toCdn(row) : null;
    },
    async insert(fields, now, change) {
      return guardWrite(() => logged(() => Number(insert.run(params(fields, now)).lastInsertRowid), change));
    },
    async update(id, fields, now, change) {
      return guardWrite(() => logged(() => update.run({ ...params(fields, now), id }).changes > 0, change));
    },
    async delete(id, change) {
      return guardWrite(() => logged(() => remove.run(id).changes > 0, change));
    },
    async usage(id) {
      return toCdnUsage(usage.get({ p: id }));
    },
  };
}
