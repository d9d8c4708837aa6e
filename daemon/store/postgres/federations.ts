import {
  LINKS,
  SELECT,
  linksByFederation,
  toFederation,
  type FederationRow,
  type FederationStore,
  type LinkRow,
} from '../federations.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

// Cnames and xmlIds in SQLite's binary order, whatever the database's collation.
const list = statement<[], FederationRow>('federations_list', `${SELECT} ORDER BY f.cname COLLATE "C"`);
const byId = statement<[number], FederationRow>('federations_by_id', `${SELECT} WHERE f.id = $1::bigint`);
const byCname = statement<[string], FederationRow>('federations_by_cname', `${SELECT} WHERE f.cname = $1`);
const allLinks = statement<[], LinkRow>('federations_all_links', `${LINKS} ORDER BY ds.xml_id COLLATE "C"`);
const linksOf = statement<[number], LinkRow>(
  'federations_links_of',
  `${LINKS} WHERE fd.federation_id = $1 ORDER BY ds.xml_id COLLATE "C"`,
);

/** Federations on PostgreSQL: the same answers as sqliteFederations. */
export function pgFederations(pool: PgPool): FederationStore {
  const one = async (row: FederationRow | undefined) =>
    row ? toFederation(row, await linksOf.all(pool, row.id)) : null;
  return {
    async list() {
      // Both reads see one snapshot, as SQLite's two reads on its one connection do.
      return inTransaction(pool, async (client) => {
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const links = linksByFederation(await allLinks.all(client));
        return (await list.all(client)).map((r) => toFederation(r, links.get(r.id) ?? []));
      });
    },
    async byId(id) {
      return one(await byId.get(pool, id));
    },
    async byCname(cname) {
      return one(await byCname.get(pool, cname));
    },
  };
}
