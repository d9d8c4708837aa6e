import { raiseUpdSet } from '../server-flags.js';
import type { DsServerLink, LinkQuery, ServerLinkStore } from '../servers.js';
import { loggedWritePg } from './change-append.js';
import type { PgPool, PgQueryable } from './pool.js';
import { statement } from './statement.js';

type ListParams = [number[] | null, number[] | null, number[] | null, number, number];
const LIST_SQL = (order: string) => `
  SELECT x.server_id AS server, x.deliveryservice_id AS "deliveryService", x.last_updated AS "lastUpdated"
    FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
   WHERE ($1::integer[] IS NULL OR x.deliveryservice_id = ANY($1::integer[]))
     AND ($2::integer[] IS NULL OR x.server_id = ANY($2::integer[]))
     AND ($3::integer[] IS NULL OR d.tenant_id = ANY($3::integer[]))
   ORDER BY ${order}, x.deliveryservice_id, x.server_id LIMIT $4 OFFSET $5`;
const lists = {
  deliveryService: statement<ListParams, DsServerLink>('links_by_ds', LIST_SQL('x.deliveryservice_id')),
  server: statement<ListParams, DsServerLink>('links_by_server', LIST_SQL('x.server_id')),
  lastUpdated: statement<ListParams, DsServerLink>('links_by_time', LIST_SQL('x.last_updated')),
};
// Two daemons changing one delivery service's links take turns on its row (as assignToDeliveryService does).
const lockDs = statement<[number]>('links_lock_ds', 'SELECT 1 FROM deliveryservices WHERE id = $1 FOR NO KEY UPDATE');
const lockServer = statement<[number]>('links_lock_server', 'SELECT 1 FROM servers WHERE id = $1 FOR NO KEY UPDATE');
const ofDs = statement<[number], { id: number }>(
  'links_of_ds',
  'SELECT server_id AS id FROM deliveryservice_servers WHERE deliveryservice_id = $1',
);
const clearDs = statement<[number]>(
  'links_clear_ds',
  'DELETE FROM deliveryservice_servers WHERE deliveryservice_id = $1',
);
const clearServer = statement<[number]>(
  'links_clear_server',
  'DELETE FROM deliveryservice_servers WHERE server_id = $1',
);
const add = statement<[number[], number[], number]>(
  'links_add',
  `INSERT INTO deliveryservice_servers (deliveryservice_id, server_id, last_updated)
   SELECT d, s, $3::bigint FROM unnest($1::integer[], $2::integer[]) AS u(d, s) ON CONFLICT DO NOTHING`,
);
const remove = statement<[number, number]>(
  'links_remove',
  'DELETE FROM deliveryservice_servers WHERE deliveryservice_id = $1 AND server_id = $2',
);
const queue = statement<[number, number[]]>(
  'links_queue',
  `UPDATE servers SET ${raiseUpdSet('$1')} WHERE id IN (SELECT id FROM servers WHERE id = ANY($2::integer[]) ORDER BY id FOR UPDATE)`,
);

async function addLinks(client: PgQueryable, pairs: Array<[number, number]>, now: number): Promise<number> {
  if (pairs.length === 0) return 0;
  return add.run(
    client,
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
    now,
  );
}

/** The delivery-service ↔ server links on PostgreSQL (see ServerLinkStore). */
export function pgServerLinks(pool: PgPool): ServerLinkStore {
  return {
    listLinks: (q) => listLinks(pool, q),
    async linkServers(dsId, serverIds, replace, now, change) {
      return loggedWritePg(
        pool,
        async (client) => {
          await lockDs.run(client, dsId);
          const before = replace ? (await ofDs.all(client, dsId)).map((r) => r.id) : [];
          if (replace) await clearDs.run(client, dsId);
          const ids = [...new Set(serverIds)];
          const added = await addLinks(
            client,
            ids.map((id) => [dsId, id]),
            now,
          );
          await queue.run(client, now, [...new Set([...before, ...ids])]);
          return added;
        },
        change,
      );
    },
    async linkDeliveryServices(serverId, dsIds, replace, now, change) {
      return loggedWritePg(
        pool,
        async (client) => {
          await lockServer.run(client, serverId);
          if (replace) await clearServer.run(client, serverId);
          const added = await addLinks(
            client,
            [...new Set(dsIds)].map((id) => [id, serverId]),
            now,
          );
          await queue.run(client, now, [serverId]);
          return added;
        },
        change,
      );
    },
    async unlink(dsId, serverId, now, change) {
      return loggedWritePg(
        pool,
        async (client) => {
          const gone = (await remove.run(client, dsId, serverId)) > 0;
          if (gone) await queue.run(client, now, [serverId]);
          return gone;
        },
        change,
      );
    },
  };
}

async function listLinks(pool: PgPool, q: LinkQuery): Promise<DsServerLink[]> {
  const tenants = q.tenants === null ? null : [...q.tenants];
  const rows = await lists[q.orderBy].all(pool, q.dsIds ?? null, q.serverIds ?? null, tenants, q.limit, q.offset);
  return rows.map((r) => ({ ...r, lastUpdated: Number(r.lastUpdated) }));
}
