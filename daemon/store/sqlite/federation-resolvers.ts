import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  MAPPING_SELECT,
  MissingResolver,
  RESOLVER_SELECT,
  type FederationResolverStore,
  type MappingRow,
  type NewResolver,
  type ResolverRow,
  toMappings,
  toResolver,
} from '../federation-resolvers.js';

/** The prepared statements. */
function statements(db: Db) {
  const list = db.prepare<[], ResolverRow>(`${RESOLVER_SELECT} ORDER BY fr.id`);
  const byId = db.prepare<[number], ResolverRow>(`${RESOLVER_SELECT} WHERE fr.id = ?`);
  const ofFederation = db.prepare<[number], ResolverRow>(
    `${RESOLVER_SELECT} JOIN federation_federation_resolvers ffr ON ffr.federation_resolver_id = fr.id
      WHERE ffr.federation_id = ? ORDER BY fr.ip_address`,
  );
  const insert = db.prepare<[string, number, number], { id: number }>(
    'INSERT INTO federation_resolvers (ip_address, type_id, last_updated) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id',
  );
  const idOfIp = db.prepare<[string], { id: number }>('SELECT id FROM federation_resolvers WHERE ip_address = ?');
  const remove = db.prepare<[number]>('DELETE FROM federation_resolvers WHERE id = ?');
  const clearLinks = db.prepare<[number]>('DELETE FROM federation_federation_resolvers WHERE federation_id = ?');
  const link = db.prepare<[number, number]>(
    'INSERT INTO federation_federation_resolvers (federation_id, federation_resolver_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const mappings = db.prepare<[number], MappingRow>(
    `${MAPPING_SELECT} WHERE fu.user_id = ? ORDER BY ds.xml_id, f.cname, fr.id`,
  );
  const userResolvers = db.prepare<[number], { id: number; ip_address: string }>(
    `SELECT DISTINCT fr.id, fr.ip_address FROM federation_resolvers fr
       JOIN federation_federation_resolvers ffr ON ffr.federation_resolver_id = fr.id
       JOIN federation_users fu ON fu.federation_id = ffr.federation_id
      WHERE fu.user_id = ? ORDER BY fr.id`,
  );

  return { list, byId, ofFederation, insert, idOfIp, remove, clearLinks, link, mappings, userResolvers };
}

/** The bodies of the write transactions. */
function transactions(st: ReturnType<typeof statements>) {
  const { byId, insert, idOfIp, remove, clearLinks, link, userResolvers } = st;
  const assignTx = (federationId: number, ids: number[], replace: boolean) => {
    if (replace) clearLinks.run(federationId);
    for (const id of ids) {
      if (!byId.get(id)) throw new MissingResolver(id);
      link.run(federationId, id);
    }
    return null;
  };
  const addTx = (federationId: number, resolvers: NewResolver[], now: number) =>
    resolvers.map((r) => {
      const id = insert.get(r.ipAddress, r.typeId, now)?.id ?? (idOfIp.get(r.ipAddress) as { id: number }).id;
      link.run(federationId, id);
      return r.ipAddress;
    });
  const removeForUserTx = (userId: number) => {
    const rows = userResolvers.all(userId);
    for (const r of rows) remove.run(r.id);
    return rows.map((r) => r.ip_address);
  };

  return { assignTx, addTx, removeForUserTx };
}

export function sqliteFederationResolvers(db: Db): FederationResolverStore {
  const { list, byId, ofFederation, insert, remove, mappings } = statements(db);
  const logged = loggedWrite(db);
  const { assignTx, addTx, removeForUserTx } = transactions(statements(db));

  return {
    async list() {
      return list.all().map(toResolver);
    },
    async byId(id) {
      const row = byId.get(id);
      return row ? toResolver(row) : null;
    },
    async insert(r, now, change) {
      return guardWrite(() => logged(() => insert.get(r.ipAddress, r.typeId, now)?.id ?? null, change));
    },
    async remove(id, change) {
      return guardWrite(() =>
        logged(() => {
          const row = byId.get(id);
          if (row) remove.run(id);
          return row ? toResolver(row) : null;
        }, change),
      );
    },
    async ofFederation(federationId) {
      return ofFederation.all(federationId).map(toResolver);
    },
    async assign(federationId, resolverIds, replace, change) {
      try {
        return guardWrite(() => logged(() => assignTx(federationId, resolverIds, replace), change));
      } catch (err) {
        if (err instanceof MissingResolver) return err.id;
        throw err;
      }
    },
    async userMappings(userId) {
      return toMappings(mappings.all(userId));
    },
    async addForFederation(federationId, resolvers, now, change) {
      return guardWrite(() => logged(() => addTx(federationId, resolvers, now), change));
    },
    async removeForUser(userId, change) {
      return guardWrite(() => logged(() => removeForUserTx(userId), change));
    },
  };
}
