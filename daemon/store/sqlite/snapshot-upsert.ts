import type { Db } from './db.js';
import type { Row, Upserter } from '../snapshot-upsert.js';

export function upserter(
  db: Db,
  table: string,
  keyColumns: readonly string[],
  columns: readonly string[],
  hasLastUpdated = true,
): Upserter {
  const where = keyColumns.map((k) => `${k} = @${k}`).join(' AND ');
  const select = db.prepare<[Row], Row & { id: number }>(
    `SELECT id, ${columns.join(', ')} FROM ${table} WHERE ${where}`,
  );
  const stamp = hasLastUpdated ? ['last_updated'] : [];
  const insertColumns = [...columns, ...stamp];
  const insert = db.prepare<[Row]>(
    `INSERT INTO ${table} (${insertColumns.join(', ')}) VALUES (${insertColumns.map((c) => `@${c}`).join(', ')})`,
  );
  const update = db.prepare<[Row]>(
    `UPDATE ${table} SET ${[...columns, ...stamp].map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
  );
  const touch = hasLastUpdated
    ? db.prepare<[number, number]>(`UPDATE ${table} SET last_updated = ? WHERE id = ?`)
    : null;
  const keyOf = (values: Row) => Object.fromEntries(keyColumns.map((k) => [k, values[k]]));
  return {
    find(key) {
      return select.get(keyOf(key));
    },
    upsert(values, now) {
      const existing = select.get(keyOf(values));
      const params: Row = hasLastUpdated ? { ...values, last_updated: now } : { ...values };
      if (!existing) return { id: Number(insert.run(params).lastInsertRowid), outcome: 'created' };
      if (columns.every((c) => existing[c] === values[c])) return { id: existing.id, outcome: 'unchanged' };
      update.run({ ...params, id: existing.id });
      return { id: existing.id, outcome: 'updated' };
    },
    touch(id, now) {
      touch?.run(now, id);
    },
  };
}

/**
 * Replaces the set of ids linked to `ownerId` in a two-column link table; answers true when the set changed.
 */
export function linkReplacer(db: Db, table: string, ownerColumn: string, targetColumn: string) {
  const current = db.prepare<[number], { target: number }>(
    `SELECT ${targetColumn} AS target FROM ${table} WHERE ${ownerColumn} = ?`,
  );
  const clear = db.prepare<[number]>(`DELETE FROM ${table} WHERE ${ownerColumn} = ?`);
  const add = db.prepare<[number, number]>(`INSERT INTO ${table} (${ownerColumn}, ${targetColumn}) VALUES (?, ?)`);
  return (ownerId: number, targets: readonly number[]): boolean => {
    const now = new Set(current.all(ownerId).map((r) => r.target));
    const wanted = new Set(targets);
    if (now.size === wanted.size && [...wanted].every((t) => now.has(t))) return false;
    clear.run(ownerId);
    for (const t of wanted) add.run(ownerId, t);
    return true;
  };
}

/** Looks up an id by a unique name column; the snapshot was validated, so a miss is a bug, not bad input. */
export function idLookup(db: Db, table: string, column = 'name') {
  const get = db.prepare<[string], { id: number }>(`SELECT id FROM ${table} WHERE ${column} = ?`);
  const required = (name: string): number => {
    const row = get.get(name);
    if (!row) throw new Error(`snapshot import: ${table} "${name}" vanished during the import`);
    return row.id;
  };
  return {
    required,
    optional: (name: string | null): number | null => (name === null ? null : required(name)),
  };
}
