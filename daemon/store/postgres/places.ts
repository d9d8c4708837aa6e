import type { QueryResultRow } from 'pg';
import {
  PARAMETERS_OF,
  PLACE_SPECS,
  type PlaceSpec,
  type PlaceStore,
  type PlaceTable,
  type PlaceWrite,
} from '../places.js';
import { loggedWritePg } from './change-append.js';
import { guardPg, isUniqueViolation } from './faults.js';
import type { PgClient, PgPool, PgQueryable } from './pool.js';

type Params = (string | number | null)[];

/** The description's `?` placeholders numbered for PostgreSQL ($1, $2, …). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function rows<R extends QueryResultRow>(db: PgQueryable, sql: string, values: Params): Promise<R[]> {
  return (await guardPg(() => db.query<R>({ text: numbered(sql), values }))).rows;
}

async function any(db: PgQueryable, sql: string, values: Params): Promise<boolean> {
  return (await rows(db, sql, values)).length > 0;
}

/** The row writes of one table, on a transaction's client: the checks and the statement. */
function pgWrites<F>(spec: PlaceSpec<F>) {
  const existsSql = `SELECT id FROM ${spec.table} WHERE id = ?::bigint`;

  const taken = async (client: PgClient, columns: Record<string, unknown>, id: number) => {
    for (const u of spec.unique) {
      const where = u.columns.map((c) => `${c} = ?`).join(' AND ');
      const values = [...(u.columns.map((c) => columns[c]) as Params), id];
      if (await any(client, `SELECT id FROM ${spec.table} WHERE ${where} AND id <> ?`, values)) return u.label;
    }
    return null;
  };
  // A row another writer committed a moment ago still loses to the unique index: the same answer, later.
  const guarded = async (client: PgClient, write: () => Promise<PlaceWrite>): Promise<PlaceWrite> => {
    await client.query('SAVEPOINT place_write');
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await client.query('ROLLBACK TO SAVEPOINT place_write');
      return { ok: false, taken: spec.unique[0].label };
    }
  };
  const insert = async (client: PgClient, fields: F, now: number): Promise<PlaceWrite> => {
    const columns: Record<string, string | number | null> = { ...spec.columns(fields), last_updated: now };
    const label = await taken(client, columns, -1);
    if (label) return { ok: false, taken: label };
    const names = Object.keys(columns);
    const sql = `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING id`;
    return guarded(client, async () => {
      const [row] = await rows<{ id: number }>(client, sql, Object.values(columns) as Params);
      return { ok: true, id: row.id };
    });
  };
  const update = async (client: PgClient, id: number, fields: F, now: number): Promise<PlaceWrite> => {
    if (!(await any(client, `${existsSql} FOR UPDATE`, [id]))) return { ok: false, missing: true };
    const columns: Record<string, string | number | null> = { ...spec.columns(fields), last_updated: now };
    const label = await taken(client, columns, id);
    if (label) return { ok: false, taken: label };
    for (const g of spec.updateGuards ?? []) {
      if (await any(client, g.sql, [id, ...(g.fields.map((f) => columns[f]) as Params)])) {
        return { ok: false, usedBy: g.usedBy, changing: g.fields.join(', ') };
      }
    }
    const names = Object.keys(columns);
    const sql = `UPDATE ${spec.table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`;
    return guarded(client, async () => {
      await rows(client, sql, [...(Object.values(columns) as Params), id]);
      return { ok: true, id };
    });
  };
  const drop = async (client: PgClient, id: number): Promise<PlaceWrite> => {
    if (!(await any(client, `${existsSql} FOR UPDATE`, [id]))) return { ok: false, missing: true };
    for (const g of spec.deleteGuards) if (await any(client, g.sql, [id])) return { ok: false, usedBy: g.usedBy };
    await rows(client, `DELETE FROM ${spec.table} WHERE id = ?`, [id]);
    return { ok: true, id };
  };
  return { insert, update, drop };
}

/** One small table over PostgreSQL: the same answers as sqliteTable. */
function pgTable<R extends QueryResultRow, F>(pool: PgPool, spec: PlaceSpec<F>): PlaceTable<R, F> {
  const order = spec.orderIsText ? `${spec.order} COLLATE "C"` : spec.order;
  const { insert, update, drop } = pgWrites(spec);
  return {
    async list() {
      return rows<R>(pool, `${spec.select} ORDER BY ${order}, t.id`, []);
    },
    async get(id) {
      // Ids travel as bigint: an id beyond integer's range finds nothing, as on SQLite.
      return (await rows<R>(pool, `${spec.select} WHERE t.id = ?::bigint`, [id]))[0] ?? null;
    },
    async insert(fields, now, change) {
      return loggedWritePg(pool, (client) => insert(client, fields, now), change);
    },
    async update(id, fields, now, change) {
      return loggedWritePg(pool, (client) => update(client, id, fields, now), change);
    },
    async delete(id, change) {
      return loggedWritePg(pool, (client) => drop(client, id), change);
    },
  };
}

/** The topology's small tables on PostgreSQL. */
export function pgPlaces(pool: PgPool): PlaceStore {
  return {
    async parametersOf(configFile) {
      // Names in SQLite's binary order, whatever the database's collation.
      const sql = PARAMETERS_OF.replace('ORDER BY name', 'ORDER BY name COLLATE "C"');
      const found = await rows<{ name: string; value: string; secure: number }>(pool, sql, [configFile]);
      return found.map((p) => ({ name: p.name, value: p.value, secure: p.secure === 1 }));
    },
    divisions: pgTable(pool, PLACE_SPECS.divisions),
    regions: pgTable(pool, PLACE_SPECS.regions),
    physLocations: pgTable(pool, PLACE_SPECS.physLocations),
    coordinates: pgTable(pool, PLACE_SPECS.coordinates),
    types: pgTable(pool, PLACE_SPECS.types),
    statuses: pgTable(pool, PLACE_SPECS.statuses),
    asns: pgTable(pool, PLACE_SPECS.asns),
  };
}
