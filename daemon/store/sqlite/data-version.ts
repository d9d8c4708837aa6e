import type { Db } from './db.js';
import type { DataVersions } from '../data-version.js';

const known = new WeakMap<Db, DataVersions>();

/** The data versions of `db`, one shared instance per connection. */
export function dataVersions(db: Db): DataVersions {
  const existing = known.get(db);
  if (existing) return existing;
  const external = db.prepare<[], number>('PRAGMA data_version').pluck();
  const local = db.prepare<[], number>('SELECT total_changes()').pluck();
  const hasTable = db
    .prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'table_versions'")
    .pluck();
  const rows = hasTable.get()
    ? db.prepare<[], { name: string; version: number }>('SELECT name, version FROM table_versions')
    : null;
  let snapshot: Snapshot | null = null;

  const current = (): Snapshot => {
    const l = local.get()!;
    const e = external.get()!;
    if (snapshot && snapshot.local === l && snapshot.external === e) return snapshot;
    const tables = new Map<string, number>();
    for (const row of rows?.all() ?? []) tables.set(row.name, row.version);
    const content = [...tables]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, v]) => v)
      .join('.');
    snapshot = { local: l, external: e, tables, content: rows ? `c${content}` : `a${l}:${e}`, memo: new WeakMap() };
    return snapshot;
  };

  const versions: DataVersions = {
    all: () => `a${local.get()!}:${external.get()!}`,
    content: () => current().content,
    of(tables) {
      const s = current();
      const memo = s.memo.get(tables);
      if (memo !== undefined) return memo;
      let value = 't';
      for (const table of tables) {
        const v = s.tables.get(table);
        if (v === undefined) return versions.all();
        value += `${v}.`;
      }
      s.memo.set(tables, value);
      return value;
    },
    noteBookkeeping() {},
  };
  known.set(db, versions);
  return versions;
}

interface Snapshot {
  local: number;
  external: number;
  tables: Map<string, number>;
  content: string;
  /** of() answers per list of tables (routes pass the same constant array every time). */
  memo: WeakMap<readonly string[], string>;
}
