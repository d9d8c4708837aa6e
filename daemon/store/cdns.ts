import type { Db } from './sqlite/db.js';

/** A CDN: a domain under which delivery services are served. */
export interface Cdn {
  id: number;
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
  lastUpdated: number;
}

/** Read access to CDNs; ordered by name. */
export interface CdnStore {
  list(): Promise<Cdn[]>;
  byId(id: number): Promise<Cdn | null>;
  byName(name: string): Promise<Cdn | null>;
}

export interface CdnRow {
  id: number;
  name: string;
  domain_name: string;
  dnssec_enabled: number;
  last_updated: number;
}

export const toCdn = (r: CdnRow): Cdn => ({
  id: r.id,
  name: r.name,
  domainName: r.domain_name,
  dnssecEnabled: r.dnssec_enabled === 1,
  lastUpdated: r.last_updated,
});

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
