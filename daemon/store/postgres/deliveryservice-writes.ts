import type { Change } from '../change-log.js';
import {
  DS_WRITE_COLUMNS,
  DS_WRITE_KEYS,
  QUEUE_DS_CACHES_SQL,
  REGEX_SELECT,
  columnValues,
  toRegex,
  type CreateResult,
  type DeliveryServiceWriteStore,
  type RegexRow,
} from '../deliveryservice-writes.js';
import { recordChange } from './change-append.js';
import { setLocations } from './location-params.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

const COLUMNS = DS_WRITE_KEYS.map((k) => DS_WRITE_COLUMNS[k]);
const N = COLUMNS.length;

/** `?` placeholders as `$1`, `$2`, … */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const xmlIdTaken = statement<[string], { id: number }>(
  'dsw_xml_id_taken',
  'SELECT id FROM deliveryservices WHERE xml_id = $1',
);
const originNameTaken = statement<[string], { id: number }>(
  'dsw_origin_taken',
  'SELECT id FROM origins WHERE name = $1',
);
const insert = statement<unknown[], { id: number }>(
  'dsw_insert',
  `INSERT INTO deliveryservices (${COLUMNS.join(', ')}, last_updated)
   VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${N + 1}) RETURNING id`,
);
const update = statement<unknown[]>(
  'dsw_update',
  `UPDATE deliveryservices SET ${COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')}, last_updated = $${N + 1}
    WHERE id = $${N + 2}::bigint`,
);
const updateSafe = statement<unknown[]>(
  'dsw_update_safe',
  `UPDATE deliveryservices SET display_name = $1, info_url = $2, long_desc = $3, long_desc1 = $4, last_updated = $5
    WHERE id = $6::bigint`,
);
const touchDs = statement<[number, number]>(
  'dsw_touch',
  'UPDATE deliveryservices SET last_updated = $1 WHERE id = $2::bigint',
);
const remove = statement<[number]>('dsw_delete', 'DELETE FROM deliveryservices WHERE id = $1::bigint');
const insertOrigin = statement<unknown[], { id: number }>(
  'dsw_insert_origin',
  `INSERT INTO origins (name, fqdn, protocol, is_primary, port, deliveryservice_id, tenant_id, last_updated)
   VALUES ($1, $2, $3, 1, $4, $5, $6, $7) RETURNING id`,
);
const updateOrigin = statement<unknown[]>(
  'dsw_update_origin',
  `UPDATE origins SET protocol = $1, fqdn = $2, port = $3, last_updated = $4
    WHERE deliveryservice_id = $5::bigint AND is_primary = 1`,
);
const queue = statement<[number, number, number, number, number]>('dsw_queue', numbered(QUEUE_DS_CACHES_SQL));
const regexes = statement<[number | null], RegexRow>(
  'dsw_regexes',
  `${REGEX_SELECT} WHERE ($1::bigint IS NULL OR r.deliveryservice_id = $1::bigint)
    ORDER BY r.deliveryservice_id, r.set_number, r.id`,
);
const insertRegex = statement<[number, number, number, string], { id: number }>(
  'dsw_insert_regex',
  'INSERT INTO deliveryservice_regexes (deliveryservice_id, type_id, set_number, pattern) VALUES ($1, $2, $3, $4) RETURNING id',
);
const updateRegex = statement<[number, number, string, number, number]>(
  'dsw_update_regex',
  `UPDATE deliveryservice_regexes SET type_id = $1, set_number = $2, pattern = $3
    WHERE id = $4::bigint AND deliveryservice_id = $5::bigint`,
);
const deleteRegex = statement<[number, number]>(
  'dsw_delete_regex',
  'DELETE FROM deliveryservice_regexes WHERE id = $1::bigint AND deliveryservice_id = $2::bigint',
);
const link = statement<[number, number]>(
  'dsw_link_user',
  'INSERT INTO deliveryservice_users (deliveryservice_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
);
const unlink = statement<[number, number]>(
  'dsw_unlink_user',
  'DELETE FROM deliveryservice_users WHERE deliveryservice_id = $1::bigint AND user_id = $2::bigint',
);
const unlinkAll = statement<[number]>('dsw_unlink_all', 'DELETE FROM deliveryservice_users WHERE user_id = $1::bigint');
const servers = statement<[number], { server_id: number }>(
  'dsw_servers',
  'SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = $1::bigint ORDER BY server_id',
);

type Run = <R>(write: (client: PgClient) => Promise<R>, changes?: readonly Change<R>[]) => Promise<R>;

/** The regex and user-link writes: a regex change is a change of its delivery service (time, queued caches). */
function pgRegexWrites(
  pool: PgPool,
  run: Run,
  touch: (client: PgClient, dsId: number, now: number) => Promise<void>,
): Pick<
  DeliveryServiceWriteStore,
  'regexes' | 'insertRegex' | 'updateRegex' | 'deleteRegex' | 'assignUser' | 'unassignUser' | 'serverIds'
> {
  return {
    async regexes(dsId) {
      return (await regexes.all(pool, dsId)).map(toRegex);
    },
    async insertRegex(dsId, f, now, changes) {
      return run(async (client) => {
        const id = (await insertRegex.get(client, dsId, f.typeId, f.setNumber, f.pattern))!.id;
        await touch(client, dsId, now);
        return id;
      }, changes);
    },
    async updateRegex(dsId, id, f, now, changes) {
      return run(async (client) => {
        if ((await updateRegex.run(client, f.typeId, f.setNumber, f.pattern, id, dsId)) === 0) return false;
        await touch(client, dsId, now);
        return true;
      }, changes);
    },
    async deleteRegex(dsId, id, now, changes) {
      return run(async (client) => {
        if ((await deleteRegex.run(client, id, dsId)) === 0) return false;
        await touch(client, dsId, now);
        return true;
      }, changes);
    },
    async assignUser(userId, dsIds, replace, changes) {
      return run(async (client) => {
        if (replace) await unlinkAll.run(client, userId);
        for (const dsId of dsIds) await link.run(client, dsId, userId);
        return dsIds.length;
      }, changes);
    },
    async unassignUser(userId, dsId, changes) {
      return run(async (client) => (await unlink.run(client, dsId, userId)) > 0, changes);
    },
    async serverIds(dsId) {
      return (await servers.all(pool, dsId)).map((r) => r.server_id);
    },
  };
}

/** Delivery-service writes on PostgreSQL: the same answers as sqliteDeliveryServiceWrites. */
export function pgDeliveryServiceWrites(pool: PgPool): DeliveryServiceWriteStore {
  async function run<R>(write: (client: PgClient) => Promise<R>, changes: readonly Change<R>[] = []): Promise<R> {
    return inTransaction(pool, async (client) => {
      const result = await write(client);
      for (const change of changes) await recordChange(client, change, result);
      return result;
    });
  }
  const queueOn = (client: PgClient, id: number, now: number) => queue.run(client, now, now, id, id, id);
  async function touch(client: PgClient, dsId: number, now: number): Promise<void> {
    await touchDs.run(client, now, dsId);
    await queueOn(client, dsId, now);
  }

  return {
    async create(ds, now, changes) {
      return run(async (client): Promise<CreateResult> => {
        if (await xmlIdTaken.get(client, ds.columns.xmlId)) return { taken: 'xmlId' };
        if (ds.origin && (await originNameTaken.get(client, ds.columns.xmlId))) return { taken: 'origin' };
        const id = (await insert.get(client, ...columnValues(ds.columns), now))!.id;
        await insertRegex.get(client, id, ds.hostRegexTypeId, 0, `.*\\.${ds.columns.xmlId}\\..*`);
        const o = ds.origin;
        const origin = o
          ? await insertOrigin.get(client, ds.columns.xmlId, o.fqdn, o.protocol, o.port, id, ds.columns.tenantId, now)
          : undefined;
        if (ds.locations) await setLocations(client, ds.locations, now);
        return { id, originId: origin?.id ?? null };
      }, changes);
    },
    async update(id, columns, origin, now, changes, locations) {
      return run(async (client) => {
        if ((await update.run(client, ...columnValues(columns), now, id)) === 0) return false;
        if (origin) await updateOrigin.run(client, origin.protocol, origin.fqdn, origin.port, now, id);
        if (locations) await setLocations(client, locations, now);
        await queueOn(client, id, now);
        return true;
      }, changes);
    },
    async updateSafe(id, f, now, changes) {
      return run(
        async (client) =>
          (await updateSafe.run(client, f.displayName, f.infoUrl, f.longDesc, f.longDesc1, now, id)) > 0,
        changes,
      );
    },
    async remove(id, now, changes, locations) {
      return run(async (client) => {
        await queueOn(client, id, now);
        if ((await remove.run(client, id)) === 0) return false;
        if (locations) await setLocations(client, locations, now);
        return true;
      }, changes);
    },
    ...pgRegexWrites(pool, run, touch),
  };
}
