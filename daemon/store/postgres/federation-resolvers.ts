import {
  MAPPING_SELECT,
  MissingResolver,
  RESOLVER_SELECT,
  toMappings,
  toResolver,
  type FederationResolverStore,
  type MappingRow,
  type NewResolver,
  type ResolverRow,
} from '../federation-resolvers.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';

const list = statement<[], ResolverRow>('fed_resolvers_list', `${RESOLVER_SELECT} ORDER BY fr.id`);
const byId = statement<[number], ResolverRow>('fed_resolvers_by_id', `${RESOLVER_SELECT} WHERE fr.id = $1::bigint`);
const ofFederation = statement<[number], ResolverRow>(
  'fed_resolvers_of_federation',
  `${RESOLVER_SELECT} JOIN federation_federation_resolvers ffr ON ffr.federation_resolver_id = fr.id
    WHERE ffr.federation_id = $1::bigint ORDER BY fr.ip_address COLLATE "C"`,
);
const insert = statement<[string, number, number], { id: number }>(
  'fed_resolvers_insert',
  `INSERT INTO federation_resolvers (ip_address, type_id, last_updated) VALUES ($1, $2, $3)
   ON CONFLICT DO NOTHING RETURNING id`,
);
const idOfIp = statement<[string], { id: number }>(
  'fed_resolvers_id_of_ip',
  'SELECT id FROM federation_resolvers WHERE ip_address = $1',
);
const remove = statement<[number], ResolverRow>(
  'fed_resolvers_remove',
  `WITH gone AS (DELETE FROM federation_resolvers WHERE id = $1::bigint RETURNING *)
   SELECT g.id, g.ip_address, g.type_id, t.name AS type, g.last_updated FROM gone g JOIN types t ON t.id = g.type_id`,
);
const clearLinks = statement<[number]>(
  'fed_resolvers_clear_links',
  'DELETE FROM federation_federation_resolvers WHERE federation_id = $1',
);
const link = statement<[number, number]>(
  'fed_resolvers_link',
  `INSERT INTO federation_federation_resolvers (federation_id, federation_resolver_id) VALUES ($1, $2)
   ON CONFLICT DO NOTHING`,
);
const mappings = statement<[number], MappingRow>(
  'fed_resolvers_mappings',
  `${MAPPING_SELECT} WHERE fu.user_id = $1::bigint ORDER BY ds.xml_id COLLATE "C", f.cname COLLATE "C", fr.id`,
);
const removeForUser = statement<[number], { id: number; ip_address: string }>(
  'fed_resolvers_remove_for_user',
  `DELETE FROM federation_resolvers WHERE id IN (
     SELECT ffr.federation_resolver_id FROM federation_federation_resolvers ffr
       JOIN federation_users fu ON fu.federation_id = ffr.federation_id WHERE fu.user_id = $1::bigint)
   RETURNING id, ip_address`,
);

async function assignAll(client: PgClient, federationId: number, ids: number[], replace: boolean) {
  if (replace) await clearLinks.run(client, federationId);
  for (const id of ids) {
    if (!(await byId.get(client, id))) throw new MissingResolver(id);
    await link.run(client, federationId, id);
  }
  return null;
}

async function addAll(client: PgClient, federationId: number, resolvers: NewResolver[], now: number) {
  const ips: string[] = [];
  for (const r of resolvers) {
    const row = (await insert.get(client, r.ipAddress, r.typeId, now)) ?? (await idOfIp.get(client, r.ipAddress));
    if (!row) throw new Error(`resolver ${r.ipAddress} vanished while it was linked`);
    await link.run(client, federationId, row.id);
    ips.push(r.ipAddress);
  }
  return ips;
}

/** Federation resolvers on PostgreSQL: the same answers as sqliteFederationResolvers. */
export function pgFederationResolvers(pool: PgPool): FederationResolverStore {
  return {
    async list() {
      return (await list.all(pool)).map(toResolver);
    },
    async byId(id) {
      const row = await byId.get(pool, id);
      return row ? toResolver(row) : null;
    },
    async insert(r, now, change) {
      return loggedWritePg(pool, async (c) => (await insert.get(c, r.ipAddress, r.typeId, now))?.id ?? null, change);
    },
    async remove(id, change) {
      return loggedWritePg(
        pool,
        async (c) => {
          const row = await remove.get(c, id);
          return row ? toResolver(row) : null;
        },
        change,
      );
    },
    async ofFederation(federationId) {
      return (await ofFederation.all(pool, federationId)).map(toResolver);
    },
    async assign(federationId, resolverIds, replace, change) {
      try {
        return await loggedWritePg(pool, (c) => assignAll(c, federationId, resolverIds, replace), change);
      } catch (err) {
        if (err instanceof MissingResolver) return err.id;
        throw err;
      }
    },
    async userMappings(userId) {
      return toMappings(await mappings.all(pool, userId));
    },
    async addForFederation(federationId, resolvers, now, change) {
      return loggedWritePg(pool, (c) => addAll(c, federationId, resolvers, now), change);
    },
    async removeForUser(userId, change) {
      return loggedWritePg(
        pool,
        async (c) => (await removeForUser.all(c, userId)).sort((a, b) => a.id - b.id).map((r) => r.ip_address),
        change,
      );
    },
  };
}
