import type { Db } from './db.js';
import { type CdnRow, type CdnStore, toCdn } from '../cdns.js';

export function sqliteCdns(db: Db): CdnStore {
  const list = db.prepare<[], CdnRow>('SELECT * FROM cdns ORDER BY name');
  const byId = db.prepare<[number], CdnRow>('SELECT * FROM cdns WHERE id = ?');
  const byName = db.prepare<[string], CdnRow>('SELECT * FROM cdns WHERE name = ?');
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
  };
}
