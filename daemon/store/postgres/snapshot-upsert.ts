import type { Outcome, Row } from '../snapshot-upsert.js';
import type { PgClient } from './pool.js';
import { statement } from './statement.js';

/**
 * PostgreSQL form of daemon/store/snapshot-upsert.ts: insert-or-update of one table by its natural key, writing
 * only when a value differs. The statement texts are made once, at module load, from the constant table and
 * column names of the specs below (never from a snapshot); every value travels as a parameter.
 */
export interface TableSpec {
  /** Unique among specs: it names the prepared statements. */
  tag: string;
  table: string;
  keys: readonly string[];
  columns: readonly string[];
  hasLastUpdated?: boolean;
}

export interface PgUpserter {
  find(client: PgClient, key: Row): Promise<(Row & { id: number }) | undefined>;
  upsert(client: PgClient, values: Row, now: number): Promise<{ id: number; outcome: Outcome }>;
  touch(client: PgClient, id: number, now: number): Promise<void>;
}

const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`);

export function pgUpserter(spec: TableSpec): PgUpserter {
  const stamp = spec.hasLastUpdated === false ? [] : ['last_updated'];
  const written = [...spec.columns, ...stamp];
  const where = spec.keys.map((k, i) => `${k} = $${i + 1}`).join(' AND ');
  const select = statement<unknown[], Row & { id: number }>(
    `snap_${spec.tag}_find`,
    `SELECT id, ${spec.columns.join(', ')} FROM ${spec.table} WHERE ${where}`,
  );
  const insert = statement<unknown[], { id: number }>(
    `snap_${spec.tag}_insert`,
    `INSERT INTO ${spec.table} (${written.join(', ')}) VALUES (${placeholders(written.length).join(', ')}) RETURNING id`,
  );
  const update = statement<unknown[]>(
    `snap_${spec.tag}_update`,
    `UPDATE ${spec.table} SET ${written.map((c, i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${written.length + 1}`,
  );
  const touch = stamp.length
    ? statement<[number, number]>(`snap_${spec.tag}_touch`, `UPDATE ${spec.table} SET last_updated = $1 WHERE id = $2`)
    : null;
  const keyValues = (row: Row) => spec.keys.map((k) => row[k]);
  const writtenValues = (row: Row, now: number) => [
    ...spec.columns.map((c) => row[c] ?? null),
    ...(stamp.length ? [now] : []),
  ];
  return {
    find: (client, key) => select.get(client, ...keyValues(key)),
    async upsert(client, values, now) {
      const existing = await select.get(client, ...keyValues(values));
      if (!existing) return { id: (await insert.get(client, ...writtenValues(values, now)))!.id, outcome: 'created' };
      if (spec.columns.every((c) => existing[c] === (values[c] ?? null)))
        return { id: existing.id, outcome: 'unchanged' };
      await update.run(client, ...writtenValues(values, now), existing.id);
      return { id: existing.id, outcome: 'updated' };
    },
    async touch(client, id, now) {
      await touch?.run(client, now, id);
    },
  };
}

export interface LinkSpec {
  tag: string;
  table: string;
  owner: string;
  target: string;
}

/** Replaces the set of ids linked to an owner in a two-column link table; answers true when the set changed. */
export function pgLinkReplacer(spec: LinkSpec) {
  const current = statement<[number], { target: number }>(
    `snap_${spec.tag}_links`,
    `SELECT ${spec.target} AS target FROM ${spec.table} WHERE ${spec.owner} = $1`,
  );
  const clear = statement<[number]>(`snap_${spec.tag}_clear`, `DELETE FROM ${spec.table} WHERE ${spec.owner} = $1`);
  const add = statement<[number, number]>(
    `snap_${spec.tag}_link`,
    `INSERT INTO ${spec.table} (${spec.owner}, ${spec.target}) VALUES ($1, $2)`,
  );
  return async (client: PgClient, ownerId: number, targets: readonly number[]): Promise<boolean> => {
    const now = new Set((await current.all(client, ownerId)).map((r) => r.target));
    const wanted = new Set(targets);
    if (now.size === wanted.size && [...wanted].every((t) => now.has(t))) return false;
    await clear.run(client, ownerId);
    for (const t of wanted) await add.run(client, ownerId, t);
    return true;
  };
}

/** Looks up ids by a unique name column; the snapshot was validated, so a miss is a bug, not bad input. */
export function pgIdLookup(tag: string, table: string, column = 'name') {
  const get = statement<[string], { id: number }>(`snap_${tag}_id`, `SELECT id FROM ${table} WHERE ${column} = $1`);
  const required = async (client: PgClient, name: string): Promise<number> => {
    const row = await get.get(client, name);
    if (!row) throw new Error(`snapshot import: ${table} "${name}" vanished during the import`);
    return row.id;
  };
  return {
    required,
    optional: async (client: PgClient, name: string | null): Promise<number | null> =>
      name === null ? null : required(client, name),
  };
}

/** Shared lookups (one prepared statement each for the whole program). */
export const ids = {
  tenants: pgIdLookup('tenants', 'tenants'),
  cdns: pgIdLookup('cdns', 'cdns'),
  coordinates: pgIdLookup('coordinates', 'coordinates'),
  cachegroups: pgIdLookup('cachegroups', 'cachegroups'),
  profiles: pgIdLookup('profiles', 'profiles'),
  roles: pgIdLookup('roles', 'roles'),
  users: pgIdLookup('users', 'users', 'username'),
  deliveryServices: pgIdLookup('deliveryservices', 'deliveryservices', 'xml_id'),
  physLocations: pgIdLookup('phys_locations', 'phys_locations'),
  divisions: pgIdLookup('divisions', 'divisions'),
  regions: pgIdLookup('regions', 'regions'),
};

const typeId = statement<[string, string], { id: number }>(
  'snap_type_id',
  'SELECT id FROM types WHERE name = $1 AND use_in_table = $2',
);

/** The id of type `name` for `table` (validated to exist). */
export async function typeOf(
  client: PgClient,
  name: string,
  table: 'deliveryservice' | 'cachegroup' | 'server',
): Promise<number> {
  const row = await typeId.get(client, name, table);
  if (!row) throw new Error(`snapshot import: ${table} type "${name}" vanished during the import`);
  return row.id;
}
