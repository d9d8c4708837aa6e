import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  type CheckResult,
  EXT_SELECT,
  type ExtensionRow,
  type ServerCheckStore,
  toExtension,
} from '../serverchecks.js';

export function sqliteServerChecks(db: Db): ServerCheckStore {
  const list = db.prepare<[], ExtensionRow>(`${EXT_SELECT} ORDER BY e.id`);
  const byShort = db.prepare<[string], ExtensionRow>(`${EXT_SELECT} WHERE e.servercheck_short_name = ?`);
  const nameTaken = db.prepare<[string], number>('SELECT id FROM to_extensions WHERE name = ?').pluck();
  const shortTaken = db
    .prepare<[string], number>('SELECT id FROM to_extensions WHERE servercheck_short_name = ?')
    .pluck();
  const insert = db.prepare(
    `INSERT INTO to_extensions (name, version, info_url, script_file, isactive, additional_config_json, description,
                                servercheck_short_name, type_id, last_updated)
     VALUES (@name, @version, @infoUrl, @scriptFile, @isActive, @additionalConfigJson, @description,
             @servercheckShortName, @typeId, @now)`,
  );
  const shortOf = db
    .prepare<[number], string | null>('SELECT servercheck_short_name FROM to_extensions WHERE id = ?')
    .pluck();
  const remove = db.prepare<[number]>('DELETE FROM to_extensions WHERE id = ?');
  const dropResults = db.prepare<[string]>('DELETE FROM servercheck_results WHERE short_name = ?');
  const upsert = db.prepare<[number, string, number | null, number]>(
    `INSERT INTO servercheck_results (server_id, short_name, value, last_updated) VALUES (?, ?, ?, ?)
     ON CONFLICT (server_id, short_name) DO UPDATE SET value = excluded.value, last_updated = excluded.last_updated`,
  );
  const all = db.prepare<[], { server_id: number; short_name: string; value: number | null; last_updated: number }>(
    'SELECT * FROM servercheck_results ORDER BY server_id, short_name',
  );
  return {
    async extensions() {
      return list.all().map(toExtension);
    },
    async extensionByShortName(shortName) {
      const row = byShort.get(shortName);
      return row ? toExtension(row) : null;
    },
    async insertExtension(ext, now) {
      return guardWrite(() =>
        db
          .transaction(() => {
            if (nameTaken.get(ext.name) !== undefined) return { taken: 'name' as const };
            if (ext.servercheckShortName !== null && shortTaken.get(ext.servercheckShortName) !== undefined) {
              return { taken: 'servercheck_short_name' as const };
            }
            const info = insert.run({ ...ext, isActive: ext.isActive ? 1 : 0, now });
            return { id: Number(info.lastInsertRowid) };
          })
          .immediate(),
      );
    },
    async deleteExtension(id) {
      return guardWrite(() =>
        db
          .transaction(() => {
            const short = shortOf.get(id);
            if (short === undefined) return false;
            if (short !== null) dropResults.run(short);
            remove.run(id);
            return true;
          })
          .immediate(),
      );
    },
    async record(results, now) {
      guardWrite(() =>
        db
          .transaction(() => {
            for (const r of results) upsert.run(r.serverId, r.shortName, r.value, now);
          })
          .immediate(),
      );
    },
    async results() {
      const byServer = new Map<number, CheckResult[]>();
      for (const r of all.all()) {
        const list = byServer.get(r.server_id) ?? [];
        list.push({ serverId: r.server_id, shortName: r.short_name, value: r.value, lastUpdated: r.last_updated });
        byServer.set(r.server_id, list);
      }
      return byServer;
    },
  };
}
