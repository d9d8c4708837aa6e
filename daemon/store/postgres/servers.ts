import { raiseUpdSet } from '../server-flags.js';
import { SERVER_SELECT, toServer, type ServerRow } from '../server-rows.js';
import {
  EXTRA_COLUMNS,
  type ServerFields,
  type ServerFilters,
  type ServerQueue,
  type ServerStore,
  type ServerVisibility,
} from '../servers.js';
import { loggedWritePg, recordChange } from './change-append.js';
import { isUniqueViolation } from './faults.js';
import { pgServerLinks } from './server-links.js';
import { pgServerLookups } from './server-lookups.js';
import type { PgPool, PgQueryable } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

/**
 * The servers a filter and a visibility select (SQLite's LIST_WHERE): $1 id, $2 hostName, $3 cachegroup,
 * $4 parentCachegroup, $5 cdn, $6 profileId, $7 status, $8 type, $9 dsId, $10 tenants (null: every server),
 * $11 physLocation.
 * Type names match EDGE/MID prefixes with ILIKE, as SQLite's LIKE ignores ASCII case.
 */
export const PG_LIST_WHERE = `
  WHERE ($1::integer IS NULL OR s.id = $1) AND ($2::text IS NULL OR s.host_name = $2)
    AND ($3::integer IS NULL OR s.cachegroup_id = $3)
    AND ($4::integer IS NULL OR cg.parent_cachegroup_id = $4)
    AND ($5::integer IS NULL OR s.cdn_id = $5) AND ($6::integer IS NULL OR s.profile_id = $6)
    AND ($7::text IS NULL OR s.status = $7) AND ($8::text IS NULL OR ty.name = $8)
    AND ($9::integer IS NULL OR EXISTS (SELECT 1 FROM deliveryservice_servers x WHERE x.server_id = s.id AND x.deliveryservice_id = $9))
    AND ($11::integer IS NULL OR s.phys_location_id = $11)
    AND ($10::integer[] IS NULL
         OR EXISTS (SELECT 1 FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
                     WHERE x.server_id = s.id AND d.tenant_id = ANY($10::integer[]))
         OR (ty.name ILIKE 'MID%' AND EXISTS (SELECT 1 FROM deliveryservices d
                     WHERE d.cdn_id = s.cdn_id AND d.tenant_id = ANY($10::integer[]))))`;

export type PgListParams = [
  number | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
  number | null,
  number[] | null,
  number | null,
];

export function pgListParams(f: ServerFilters, visible: ServerVisibility): PgListParams {
  return [
    f.id ?? null,
    f.hostName ?? null,
    f.cachegroup ?? null,
    f.parentCachegroup ?? null,
    f.cdn ?? null,
    f.profileId ?? null,
    f.status ?? null,
    f.type ?? null,
    f.dsId ?? null,
    visible === null ? null : [...visible],
    f.physLocation ?? null,
  ];
}

// Host names sort as SQLite sorts them: by bytes (COLLATE "C"), whatever the database's collation.
const list = statement<PgListParams, ServerRow>(
  'servers_list',
  `${SERVER_SELECT} ${PG_LIST_WHERE} ORDER BY s.host_name COLLATE "C"`,
);

type WriteParams = Array<string | number | null>;
const writeParams = (f: ServerFields, now: number): WriteParams => [
  f.hostName,
  f.domainName,
  f.tcpPort,
  f.httpsPort,
  f.interfaceName,
  f.interfaceMtu,
  f.ipAddress,
  f.ipNetmask,
  f.ipGateway,
  f.ip6Address,
  f.ip6Gateway,
  f.typeId,
  f.status,
  f.offlineReason,
  f.cachegroupId,
  f.cdnId,
  f.profileId,
  now,
  f.physLocationId,
  ...EXTRA_COLUMNS.map((c) => f[c.field]),
];
// $19 is the physical location, then the extra fields from $20 in EXTRA_COLUMNS' order.
const EXTRA_PARAMS = EXTRA_COLUMNS.map((c, i) => ({ column: c.column, param: `$${i + 20}::text` }));

// A taken host name inserts nothing: the one statement decides, whichever daemon inserts the same name at once.
// NOT EXISTS first, so a refused insert does not draw an id (ids stay gapless as in SQLite); ON CONFLICT for a race.
const insert = statement<WriteParams, { id: number }>(
  'servers_insert',
  `INSERT INTO servers (host_name, domain_name, tcp_port, https_port, interface_name, interface_mtu, ip_address,
     ip_netmask, ip_gateway, ip6_address, ip6_gateway, type_id, status, offline_reason, cachegroup_id, cdn_id,
     profile_id, last_updated, phys_location_id, ${EXTRA_PARAMS.map((p) => p.column).join(', ')})
   SELECT $1::text, $2, $3::integer, $4::integer, $5, $6::integer, $7, $8, $9, $10, $11, $12::integer, $13, $14,
          $15::integer, $16::integer, $17::integer, $18::bigint, $19::integer, ${EXTRA_PARAMS.map((p) => p.param).join(', ')}
    WHERE NOT EXISTS (SELECT 1 FROM servers WHERE host_name = $1::text)
   ON CONFLICT (host_name) DO NOTHING RETURNING id`,
);
const update = statement<WriteParams>(
  'servers_update',
  `UPDATE servers SET host_name = $1, domain_name = $2, tcp_port = $3, https_port = $4, interface_name = $5,
     interface_mtu = $6, ip_address = $7, ip_netmask = $8, ip_gateway = $9, ip6_address = $10, ip6_gateway = $11,
     type_id = $12, status = $13, offline_reason = $14, cachegroup_id = $15, cdn_id = $16, profile_id = $17,
     last_updated = $18, phys_location_id = $19::integer,
     ${EXTRA_PARAMS.map((p) => `${p.column} = ${p.param}`).join(', ')}
   WHERE id = $${EXTRA_PARAMS.length + 20}`,
);
// An update that queues its children locks the server and those children first, in id order (as a status change
// does in server-flags.ts), so a check-in holding one of them cannot deadlock with it.
const lockFamily = statement<[number]>(
  'servers_lock_family',
  `SELECT c.id FROM servers c, (SELECT cdn_id, cachegroup_id FROM servers WHERE id = $1) me
    WHERE c.id = $1
       OR (c.cdn_id = me.cdn_id
           AND c.cachegroup_id IN (SELECT id FROM cachegroups WHERE me.cachegroup_id IN (parent_cachegroup_id, secondary_parent_cachegroup_id)))
    ORDER BY c.id FOR UPDATE OF c`,
);
const queueSelf = statement<[number, number]>(
  'servers_queue_self',
  `UPDATE servers SET ${raiseUpdSet('$1')} WHERE id = $2`,
);
const queueChildren = statement<[number, number]>(
  'servers_queue_children',
  `UPDATE servers SET ${raiseUpdSet('$1')}
    WHERE cdn_id = (SELECT cdn_id FROM servers WHERE id = $2)
      AND cachegroup_id IN (SELECT id FROM cachegroups WHERE (SELECT cachegroup_id FROM servers WHERE id = $2)
                              IN (parent_cachegroup_id, secondary_parent_cachegroup_id))`,
);
const remove = statement<[number]>('servers_delete', 'DELETE FROM servers WHERE id = $1');
// Ordered by status as SQLite's GROUP BY yields them, so the record's keys come in the same order.
const counts = statement<PgListParams, { status: string; n: number }>(
  'servers_status_counts',
  `SELECT s.status, count(*) AS n FROM servers s JOIN types ty ON ty.id = s.type_id
     JOIN cachegroups cg ON cg.id = s.cachegroup_id ${PG_LIST_WHERE} GROUP BY s.status ORDER BY s.status COLLATE "C"`,
);
const dsIds = statement<[number], { id: number }>(
  'servers_ds_ids',
  'SELECT deliveryservice_id AS id FROM deliveryservice_servers WHERE server_id = $1 ORDER BY deliveryservice_id',
);
const soleServer = statement<[number], { id: number }>(
  'servers_sole_server',
  `SELECT x.deliveryservice_id AS id FROM deliveryservice_servers x JOIN deliveryservices d ON d.id = x.deliveryservice_id
    WHERE x.server_id = $1 AND d.active = 1
      AND NOT EXISTS (SELECT 1 FROM deliveryservice_servers o JOIN servers os ON os.id = o.server_id
                       WHERE o.deliveryservice_id = x.deliveryservice_id AND o.server_id <> x.server_id
                         AND os.status IN ('ONLINE', 'REPORTED'))
    ORDER BY x.deliveryservice_id`,
);
const cdnAssignments = statement<[number], { serverId: number; deliveryServiceId: number }>(
  'servers_cdn_assignments',
  `SELECT x.server_id AS "serverId", x.deliveryservice_id AS "deliveryServiceId" FROM deliveryservice_servers x
     JOIN servers s ON s.id = x.server_id WHERE s.cdn_id = $1 ORDER BY x.server_id, x.deliveryservice_id`,
);
// Two daemons replacing one delivery service's servers at once take turns on its row (a key share still passes).
const lockDs = statement<[number]>('servers_lock_ds', 'SELECT 1 FROM deliveryservices WHERE id = $1 FOR NO KEY UPDATE');
const clearDs = statement<[number]>(
  'servers_clear_ds',
  'DELETE FROM deliveryservice_servers WHERE deliveryservice_id = $1',
);
const addDs = statement<[number, number[]]>(
  'servers_add_ds',
  'INSERT INTO deliveryservice_servers (deliveryservice_id, server_id) SELECT $1, unnest($2::integer[])',
);

export function pgServers(pool: PgPool): ServerStore {
  const one = async (filters: ServerFilters, visible: ServerVisibility) => {
    const row = await list.get(pool, ...pgListParams(filters, visible));
    return row ? toServer(row) : null;
  };
  return {
    ...pgServerLookups(pool),
    ...pgServerLinks(pool),
    async list(filters, visible) {
      return (await list.all(pool, ...pgListParams(filters, visible))).map(toServer);
    },
    byId: (id, visible) => one({ id }, visible),
    byHostName: (hostName, visible) => one({ hostName }, visible),
    async insert(fields, now, change) {
      return loggedWritePg(
        pool,
        async (client) => (await insert.get(client, ...writeParams(fields, now)))?.id ?? null,
        change,
      );
    },
    async update(id, fields, now, change, queue) {
      try {
        return await loggedWritePg(pool, (client) => updateQueued(client, id, fields, now, queue), change);
      } catch (err) {
        // The host name is another server's: the transaction rolled back, nothing (no entry either) was written.
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    async delete(id, change) {
      return loggedWritePg(pool, async (client) => (await remove.run(client, id)) > 0, change);
    },
    async statusCounts(visible) {
      return Object.fromEntries((await counts.all(pool, ...pgListParams({}, visible))).map((r) => [r.status, r.n]));
    },
    async deliveryServiceIds(serverId) {
      return (await dsIds.all(pool, serverId)).map((r) => r.id);
    },
    async assignmentsOfCdn(cdnId) {
      return cdnAssignments.all(pool, cdnId);
    },
    async activeServicesOnlyServedBy(serverId) {
      return (await soleServer.all(pool, serverId)).map((r) => r.id);
    },
    async assignToDeliveryService(dsId, serverIds, change) {
      await inTransaction(pool, async (client) => {
        await lockDs.run(client, dsId);
        await clearDs.run(client, dsId);
        const ids = [...new Set(serverIds)];
        if (ids.length > 0) await addDs.run(client, dsId, ids);
        await recordChange(client, change, undefined);
      });
    },
  };
}

async function updateQueued(
  client: PgQueryable,
  id: number,
  fields: ServerFields,
  now: number,
  queue: ServerQueue | undefined,
): Promise<boolean> {
  if (queue?.children) await lockFamily.run(client, id);
  await update.run(client, ...writeParams(fields, now), id);
  if (queue?.self) await queueSelf.run(client, now, id);
  if (queue?.children) await queueChildren.run(client, now, id);
  return true;
}
