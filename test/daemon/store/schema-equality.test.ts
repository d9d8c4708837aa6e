import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import type { PgPool } from '../../../daemon/store/postgres/pool.js';
import { openKindStore, type KindStore } from '../../helpers/store-kinds.js';

/**
 * Both stores migrate from the one list (daemon/store/migrations.ts); their schemas must come out the same:
 * tables, columns (name and type family) and indexes (name and columns, '?' for an expression; unique constraints and primary keys
 * by their columns, since each database names those itself). What differs on purpose is listed here.
 */
const POSTGRES_ONLY = [
  // PostgreSQL records its migrations in a table; SQLite in PRAGMA user_version.
  'table cdnctl_migrations',
  // The key store: SQLite keeps it in <data-dir>/vault.db (daemon/services/vault), PostgreSQL in the shared database.
  'table secret',
  'table vault_meta',
  // Origins by name in SQLite's byte order: SQLite's own unique index on name already has that order.
  'index origins.origins_name_bytes(name)',
];

/** Columns whose type family differs on purpose: PostgreSQL's column, and SQLite's family for it. */
const TYPE_DIFFERENCES = [
  // The tenants a change-log entry is about: SQLite keeps a JSON text list, PostgreSQL an integer[] that its
  // visibility query tests with `<@` (daemon/store/postgres/change-log.ts).
  ['log.tenant_ids array', 'log.tenant_ids text'],
];

/** A type as one of SQLite's four storage families, so INTEGER and bigint compare equal (other types as named). */
function family(declared: string): string {
  const t = declared.toLowerCase();
  if (/int/.test(t)) return 'integer';
  if (/char|text|clob/.test(t)) return 'text';
  if (/blob|bytea/.test(t)) return 'blob';
  if (/real|floa|doub|numeric/.test(t)) return 'real';
  return t;
}

interface Schema {
  tables: string[];
  columns: string[];
  indexes: string[];
}

function sorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

function sqliteSchema(db: Db): Schema {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  const columns: string[] = [];
  const indexes: string[] = [];
  for (const t of tables) {
    const info = db.prepare(`PRAGMA table_info("${t}")`).all() as { name: string; type: string; pk: number }[];
    for (const c of info) columns.push(`${t}.${c.name} ${family(c.type)}`);
    const pk = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (pk.length) indexes.push(`${t} primary key(${pk.join(',')})`);
    for (const ix of db.prepare(`PRAGMA index_list("${t}")`).all() as {
      name: string;
      origin: string;
      unique: number;
    }[]) {
      if (ix.origin === 'pk') continue;
      const cols = (db.prepare(`PRAGMA index_info("${ix.name}")`).all() as { name: string | null }[])
        .map((c) => c.name ?? '?')
        .join(',');
      indexes.push(
        ix.origin === 'u' ? `${t} unique(${cols})` : `index ${t}.${ix.name}(${cols})${ix.unique ? ' unique' : ''}`,
      );
    }
  }
  return { tables: sorted(tables.map((t) => `table ${t}`)), columns: sorted(columns), indexes: sorted(indexes) };
}

const PG_COLUMNS = `SELECT table_name AS t, column_name AS c, data_type AS type FROM information_schema.columns
  WHERE table_schema = current_schema()`;
const PG_INDEXES = `SELECT t.relname AS t, i.relname AS name, ix.indisunique AS uniq, con.contype AS kind,
    array_to_string(ARRAY(SELECT coalesce(a.attname, '?') FROM unnest(ix.indkey) WITH ORDINALITY k(n, o)
      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o), ',') AS cols
  FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
  JOIN pg_namespace n ON n.oid = t.relnamespace LEFT JOIN pg_constraint con ON con.conindid = ix.indexrelid AND con.conrelid = t.oid AND con.contype IN ('p', 'u')
  WHERE n.nspname = current_schema()`;

async function pgSchema(pool: PgPool): Promise<Schema> {
  const cols = (await pool.query<{ t: string; c: string; type: string }>(PG_COLUMNS)).rows;
  const ixs = (
    await pool.query<{ t: string; name: string; uniq: boolean; kind: string | null; cols: string }>(PG_INDEXES)
  ).rows;
  const indexes = ixs.map((r) => {
    if (r.kind === 'p') return `${r.t} primary key(${r.cols})`;
    if (r.kind === 'u') return `${r.t} unique(${r.cols})`;
    return `index ${r.t}.${r.name}(${r.cols})${r.uniq ? ' unique' : ''}`;
  });
  return {
    tables: sorted(cols.map((r) => `table ${r.t}`)),
    columns: sorted(cols.map((r) => `${r.t}.${r.c} ${family(r.type)}`)),
    indexes: sorted(indexes),
  };
}

/** `pg` minus the deliberate differences, each of which must still exist (a stale exception fails too). */
function withoutExceptions(pg: Schema): Schema {
  const all = [...pg.tables, ...pg.indexes, ...pg.columns];
  for (const [e] of TYPE_DIFFERENCES) expect(all, `the listed type difference "${e}" no longer exists`).toContain(e);
  const asSqlite = new Map(TYPE_DIFFERENCES.map(([pgColumn, sqliteColumn]) => [pgColumn!, sqliteColumn!]));
  for (const e of POSTGRES_ONLY) expect(all, `the listed exception "${e}" no longer exists`).toContain(e);
  const tableOf = (line: string) => line.split(/[ .]/)[0];
  const dropped = new Set(POSTGRES_ONLY.filter((e) => e.startsWith('table ')).map((e) => e.slice(6)));
  return {
    tables: pg.tables.filter((t) => !POSTGRES_ONLY.includes(t)),
    columns: sorted(pg.columns.filter((c) => !dropped.has(tableOf(c)!)).map((c) => asSqlite.get(c) ?? c)),
    indexes: pg.indexes.filter(
      (i) => !POSTGRES_ONLY.includes(i) && !dropped.has(i.replace(/^index /, '').split(/[ .]/)[0]!),
    ),
  };
}

describe('the migrated schemas of SQLite and PostgreSQL', () => {
  let sqlite: KindStore;
  let postgres: KindStore;
  beforeAll(async () => {
    sqlite = await openKindStore('sqlite');
    postgres = await openKindStore('postgres');
  }, 120_000);
  afterAll(async () => {
    await sqlite?.store.close();
    await postgres?.store.close();
  });

  it('have the same tables, columns and indexes, but for the listed exceptions', async () => {
    const left = sqliteSchema(sqlite.db!);
    const right = withoutExceptions(await pgSchema(postgres.pool!));
    expect(left.tables).toEqual(right.tables);
    expect(left.columns).toEqual(right.columns);
    expect(left.indexes).toEqual(right.indexes);
  });
});
