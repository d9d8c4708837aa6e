import type { Db } from './db.js';
import {
  type FederationRow,
  type FederationStore,
  LINKS,
  type LinkRow,
  SELECT,
  linksByFederation,
  toFederation,
} from '../federations.js';

export function sqliteFederations(db: Db): FederationStore {
  const list = db.prepare<[], FederationRow>(`${SELECT} ORDER BY f.cname`);
  const byId = db.prepare<[number], FederationRow>(`${SELECT} WHERE f.id = ?`);
  const byCname = db.prepare<[string], FederationRow>(`${SELECT} WHERE f.cname = ?`);
  const allLinks = db.prepare<[], LinkRow>(`${LINKS} ORDER BY ds.xml_id`);
  const linksOf = db.prepare<[number], LinkRow>(`${LINKS} WHERE fd.federation_id = ? ORDER BY ds.xml_id`);

  const one = (row: FederationRow | undefined) => (row ? toFederation(row, linksOf.all(row.id)) : null);

  return {
    async list() {
      const links = linksByFederation(allLinks.all());
      return list.all().map((r) => toFederation(r, links.get(r.id) ?? []));
    },
    async byId(id) {
      return one(byId.get(id));
    },
    async byCname(cname) {
      return one(byCname.get(cname));
    },
  };
}
