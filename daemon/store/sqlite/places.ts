import type { Statement } from 'better-sqlite3';
import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  PARAMETERS_OF,
  PLACE_SPECS,
  type PlaceSpec,
  type PlaceStore,
  type PlaceTable,
  type PlaceWrite,
} from '../places.js';

type Params = (string | number | null)[];

/** The row writes of one table: the checks and the statement, each answering the write's outcome. */
function sqliteWrites<F>(db: Db, spec: PlaceSpec<F>) {
  const exists = db.prepare<[number], { id: number }>(`SELECT id FROM ${spec.table} WHERE id = ?`);
  const takers = spec.unique.map((u) => ({
    label: u.label,
    statement: db.prepare<Params, { id: number }>(
      `SELECT id FROM ${spec.table} WHERE ${u.columns.map((c) => `${c} = ?`).join(' AND ')} AND id <> ?`,
    ),
    columns: u.columns,
  }));
  const deleteGuards = spec.deleteGuards.map((g) => ({ ...g, statement: db.prepare<[number]>(g.sql) }));
  const updateGuards = (spec.updateGuards ?? []).map((g) => ({ ...g, statement: db.prepare<Params>(g.sql) }));
  const remove = db.prepare<[number]>(`DELETE FROM ${spec.table} WHERE id = ?`);
  const writes = new Map<string, Statement<Params>>();
  const prepared = (sql: string) => {
    let statement = writes.get(sql);
    if (!statement) writes.set(sql, (statement = db.prepare<Params>(sql)));
    return statement;
  };
  const taken = (columns: Record<string, unknown>, id: number): string | null => {
    for (const t of takers) {
      if (t.statement.get(...(t.columns.map((c) => columns[c]) as Params), id)) return t.label;
    }
    return null;
  };
  const insert = (fields: F, now: number): PlaceWrite => {
    const columns: Record<string, string | number | null> = { ...spec.columns(fields), last_updated: now };
    const label = taken(columns, -1);
    if (label) return { ok: false, taken: label };
    const names = Object.keys(columns);
    const sql = `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
    return { ok: true, id: Number(prepared(sql).run(...(Object.values(columns) as Params)).lastInsertRowid) };
  };
  const update = (id: number, fields: F, now: number): PlaceWrite => {
    if (!exists.get(id)) return { ok: false, missing: true };
    const columns: Record<string, string | number | null> = { ...spec.columns(fields), last_updated: now };
    const label = taken(columns, id);
    if (label) return { ok: false, taken: label };
    for (const g of updateGuards) {
      if (g.statement.get(id, ...(g.fields.map((f) => columns[f]) as Params)))
        return { ok: false, usedBy: g.usedBy, changing: g.fields.join(', ') };
    }
    const names = Object.keys(columns);
    const sql = `UPDATE ${spec.table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`;
    prepared(sql).run(...(Object.values(columns) as Params), id);
    return { ok: true, id };
  };
  const drop = (id: number): PlaceWrite => {
    if (!exists.get(id)) return { ok: false, missing: true };
    for (const g of deleteGuards) if (g.statement.get(id)) return { ok: false, usedBy: g.usedBy };
    remove.run(id);
    return { ok: true, id };
  };
  return { insert, update, drop };
}

/** One small table over SQLite, run from its description (daemon/store/places.ts). */
function sqliteTable<R, F>(db: Db, spec: PlaceSpec<F>): PlaceTable<R, F> {
  const list = db.prepare<[], R>(`${spec.select} ORDER BY ${spec.order}, t.id`);
  const get = db.prepare<[number], R>(`${spec.select} WHERE t.id = ?`);
  const { insert, update, drop } = sqliteWrites(db, spec);
  const logged = loggedWrite(db);
  return {
    async list() {
      return list.all();
    },
    async get(id) {
      return get.get(id) ?? null;
    },
    async insert(fields, now, change) {
      return guardWrite(() => logged(() => insert(fields, now), change));
    },
    async update(id, fields, now, change) {
      return guardWrite(() => logged(() => update(id, fields, now), change));
    },
    async delete(id, change) {
      return guardWrite(() => logged(() => drop(id), change));
    },
  };
}

/** The topology's small tables on SQLite. */
export function sqlitePlaces(db: Db): PlaceStore {
  const parameters = db.prepare<[string], { name: string; value: string; secure: number }>(PARAMETERS_OF);
  return {
    async parametersOf(configFile) {
      return parameters.all(configFile).map((p) => ({ name: p.name, value: p.value, secure: p.secure === 1 }));
    },
    divisions: sqliteTable(db, PLACE_SPECS.divisions),
    regions: sqliteTable(db, PLACE_SPECS.regions),
    physLocations: sqliteTable(db, PLACE_SPECS.physLocations),
    coordinates: sqliteTable(db, PLACE_SPECS.coordinates),
    types: sqliteTable(db, PLACE_SPECS.types),
    statuses: sqliteTable(db, PLACE_SPECS.statuses),
    asns: sqliteTable(db, PLACE_SPECS.asns),
  };
}
