import { raiseUpdSet } from '../server-flags.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';
import { setLocations } from './location-params.js';
import {
  CG_AFFECTED_SQL,
  coordinateName,
  type CachegroupFields,
  type CachegroupStore,
  type CachegroupUpdate,
} from '../cachegroups.js';

type Writes = Pick<CachegroupStore, 'insert' | 'update' | 'delete' | 'linkParameters' | 'assignDeliveryServices'>;

interface OldRow {
  coordinate_id: number | null;
  parent_cachegroup_id: number | null;
  secondary_parent_cachegroup_id: number | null;
}

type Coordinate = [string, number | null, number | null, number];
type Row = [string, string, number, number | null, number | null, number | null, number, number];

const upsertCoordinate = statement<Coordinate, { id: number }>(
  'cg_coordinate_upsert',
  `INSERT INTO coordinates (name, latitude, longitude, last_updated) VALUES ($1, $2, $3, $4)
   ON CONFLICT (name) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
     last_updated = excluded.last_updated RETURNING id`,
);
const dropCoordinate = statement<[number]>(
  'cg_coordinate_drop',
  `DELETE FROM coordinates WHERE id = $1 AND substr(name, 1, 16) = 'from_cachegroup_' AND NOT EXISTS (SELECT 1 FROM origins WHERE coordinate_id = $1)
     AND NOT EXISTS (SELECT 1 FROM cachegroups WHERE coordinate_id = $1)`,
);
const insertRow = statement<Row, { id: number }>(
  'cg_insert',
  `INSERT INTO cachegroups (name, short_name, type_id, coordinate_id, parent_cachegroup_id,
     secondary_parent_cachegroup_id, fallback_to_closest, last_updated)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
);
const updateRow = statement<[...Row, number]>(
  'cg_update',
  `UPDATE cachegroups SET name = $1, short_name = $2, type_id = $3, coordinate_id = $4, parent_cachegroup_id = $5,
     secondary_parent_cachegroup_id = $6, fallback_to_closest = $7, last_updated = $8 WHERE id = $9`,
);
const old = statement<[number], OldRow>(
  'cg_old',
  'SELECT coordinate_id, parent_cachegroup_id, secondary_parent_cachegroup_id FROM cachegroups WHERE id = $1 FOR UPDATE',
);
const remove = statement<[number]>('cg_delete', 'DELETE FROM cachegroups WHERE id = $1');
const clearMethods = statement<[number]>(
  'cg_methods_clear',
  'DELETE FROM cachegroup_localization_methods WHERE cachegroup_id = $1',
);
const addMethods = statement<[number, string[]]>(
  'cg_methods_add',
  'INSERT INTO cachegroup_localization_methods (cachegroup_id, method) SELECT $1, unnest($2::text[])',
);
const clearFallbacks = statement<[number]>(
  'cg_fallbacks_clear',
  'DELETE FROM cachegroup_fallbacks WHERE primary_cachegroup_id = $1',
);
const addFallbacks = statement<[number, number[]]>(
  'cg_fallbacks_add',
  `INSERT INTO cachegroup_fallbacks (primary_cachegroup_id, backup_cachegroup_id, set_order)
   SELECT $1, b, o FROM unnest($2::integer[]) WITH ORDINALITY AS x(b, o)`,
);
const queueAffected = statement<[number, number], { host_name: string }>(
  'cg_queue_affected',
  `UPDATE servers SET ${raiseUpdSet('$2')} WHERE id IN (SELECT id FROM (${CG_AFFECTED_SQL('$1::integer')}) affected) RETURNING host_name`,
);
const queueServers = statement<[number[], number]>(
  'cg_queue_servers',
  `UPDATE servers SET ${raiseUpdSet('$2')} WHERE id = ANY($1::integer[])`,
);
const link = statement<[number, number, number]>(
  'cg_param_link',
  'INSERT INTO cachegroup_parameters (cachegroup_id, parameter_id, last_updated) VALUES ($1, $2, $3)',
);
const assign = statement<[number[], number[]]>(
  'cg_assign_ds',
  `INSERT INTO deliveryservice_servers (deliveryservice_id, server_id)
   SELECT d, s FROM unnest($1::integer[]) AS d, unnest($2::integer[]) AS s ON CONFLICT DO NOTHING`,
);

const hasCoordinate = (f: CachegroupFields) => f.latitude !== null && f.longitude !== null;
const coordinate = (f: CachegroupFields, now: number): Coordinate => [
  coordinateName(f.name),
  f.latitude,
  f.longitude,
  now,
];
const row = (f: CachegroupFields, now: number, coord: number | null): Row => [
  f.name,
  f.shortName,
  f.typeId,
  coord,
  f.parentCachegroupId,
  f.secondaryParentCachegroupId,
  f.fallbackToClosest ? 1 : 0,
  now,
];

async function sides(client: PgClient, id: number, f: CachegroupFields): Promise<void> {
  await clearMethods.run(client, id);
  if (f.localizationMethods.length > 0) await addMethods.run(client, id, f.localizationMethods);
  await clearFallbacks.run(client, id);
  if (f.fallbackIds.length > 0) await addFallbacks.run(client, id, f.fallbackIds);
}

async function insert(client: PgClient, f: CachegroupFields, now: number): Promise<number> {
  const coord = hasCoordinate(f) ? (await upsertCoordinate.get(client, ...coordinate(f, now)))!.id : null;
  const id = (await insertRow.get(client, ...row(f, now, coord)))!.id;
  await sides(client, id, f);
  return id;
}

// The group's own coordinate, `from_cachegroup_<name>`; one a snapshot named (maybe shared) is left as it is.
async function keepCoordinate(client: PgClient, f: CachegroupFields, now: number): Promise<number | null> {
  return hasCoordinate(f) ? (await upsertCoordinate.get(client, ...coordinate(f, now)))!.id : null;
}

async function update(client: PgClient, id: number, f: CachegroupFields, now: number): Promise<CachegroupUpdate> {
  const prior = await old.get(client, id);
  if (!prior) return { found: false, queued: [] };
  const coord = await keepCoordinate(client, f, now);
  await updateRow.run(client, ...row(f, now, coord), id);
  if (prior.coordinate_id !== null && coord !== prior.coordinate_id)
    await dropCoordinate.run(client, prior.coordinate_id);
  await sides(client, id, f);
  const moved =
    prior.parent_cachegroup_id !== f.parentCachegroupId ||
    prior.secondary_parent_cachegroup_id !== f.secondaryParentCachegroupId;
  if (!moved) return { found: true, queued: [] };
  const queued = (await queueAffected.all(client, id, now)).map((r) => r.host_name);
  return { found: true, queued: queued.sort() };
}

async function removeGroup(client: PgClient, id: number): Promise<boolean> {
  const prior = await old.get(client, id);
  if (!prior) return false;
  await remove.run(client, id);
  if (prior.coordinate_id !== null) await dropCoordinate.run(client, prior.coordinate_id);
  return true;
}

/** Cache-group writes on PostgreSQL, each in one transaction with its change-log entry. */
export function pgCachegroupWrites(pool: PgPool): Writes {
  return {
    async insert(fields, now, change) {
      return loggedWritePg(pool, (client) => insert(client, fields, now), change);
    },
    async update(id, fields, now, change) {
      return loggedWritePg(pool, (client) => update(client, id, fields, now), change);
    },
    async delete(id, change) {
      return loggedWritePg(pool, (client) => removeGroup(client, id), change);
    },
    async linkParameters(pairs, now) {
      await loggedWritePg(
        pool,
        async (client) => {
          for (const p of pairs) await link.run(client, p.cachegroupId, p.parameterId, now);
        },
        undefined,
      );
    },
    async assignDeliveryServices(serverIds, dsIds, now, change, locations) {
      await loggedWritePg(
        pool,
        async (client) => {
          if (dsIds.length > 0) await assign.run(client, dsIds, serverIds);
          await queueServers.run(client, serverIds, now);
          if (locations) await setLocations(client, locations, now);
        },
        change,
      );
    },
  };
}
