import {
  EXT_SELECT,
  toExtension,
  type CheckResult,
  type ExtensionRow,
  type NewToExtension,
  type ServerCheckStore,
} from '../serverchecks.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

const list = statement<[], ExtensionRow>('serverchecks_extensions', `${EXT_SELECT} ORDER BY e.id`);
const byShort = statement<[string], ExtensionRow>(
  'serverchecks_by_short',
  `${EXT_SELECT} WHERE e.servercheck_short_name = $1`,
);
const nameTaken = statement<[string]>('serverchecks_name_taken', 'SELECT 1 FROM to_extensions WHERE name = $1');
const shortTaken = statement<[string]>(
  'serverchecks_short_taken',
  'SELECT 1 FROM to_extensions WHERE servercheck_short_name = $1',
);
// A name or short name already there inserts nothing (no error): the statement alone decides, whoever inserts too.
// NOT EXISTS first, so a refused insert does not draw an id (ids stay gapless as in SQLite); ON CONFLICT for a race.
const insert = statement<
  [string, string, string, string, number, string | null, string | null, string | null, number, number],
  { id: number }
>(
  'serverchecks_insert',
  `INSERT INTO to_extensions (name, version, info_url, script_file, isactive, additional_config_json, description,
                              servercheck_short_name, type_id, last_updated)
   SELECT $1, $2, $3, $4, $5, $6, $7, $8::text, $9, $10
    WHERE NOT EXISTS (SELECT 1 FROM to_extensions WHERE name = $1 OR servercheck_short_name = $8::text)
   ON CONFLICT DO NOTHING RETURNING id`,
);
const remove = statement<[number], { short: string | null }>(
  'serverchecks_delete',
  'DELETE FROM to_extensions WHERE id = $1 RETURNING servercheck_short_name AS short',
);
const dropResults = statement<[string]>(
  'serverchecks_drop_results',
  'DELETE FROM servercheck_results WHERE short_name = $1',
);
const upsert = statement<[number[], string[], Array<number | null>, number]>(
  'serverchecks_record',
  `INSERT INTO servercheck_results (server_id, short_name, value, last_updated)
   SELECT r.server_id, r.short_name, r.value, $4 FROM unnest($1::integer[], $2::text[], $3::bigint[]) AS r(server_id, short_name, value)
   ON CONFLICT (server_id, short_name) DO UPDATE SET value = excluded.value, last_updated = excluded.last_updated`,
);
const all = statement<[], { server_id: number; short_name: string; value: number | null; last_updated: number }>(
  'serverchecks_results',
  'SELECT server_id, short_name, value, last_updated FROM servercheck_results ORDER BY server_id, short_name COLLATE "C"',
);

const ATTEMPTS = 3;

async function insertExtension(pool: PgPool, ext: NewToExtension, now: number) {
  for (let attempt = 1; ; attempt++) {
    const row = await insert.get(
      pool,
      ext.name,
      ext.version,
      ext.infoUrl,
      ext.scriptFile,
      ext.isActive ? 1 : 0,
      ext.additionalConfigJson,
      ext.description,
      ext.servercheckShortName,
      ext.typeId,
      now,
    );
    if (row) return { id: row.id };
    // Which one is taken, named as SQLite names it: the name first.
    if (await nameTaken.get(pool, ext.name)) return { taken: 'name' as const };
    if (ext.servercheckShortName !== null && (await shortTaken.get(pool, ext.servercheckShortName))) {
      return { taken: 'servercheck_short_name' as const };
    }
    // The row in the way was deleted meanwhile: try again.
    if (attempt >= ATTEMPTS) throw new Error('to_extensions: insert conflicted with a row that is no longer there');
  }
}

/**
 * One value per (server, short name), the last given winning as in SQLite's loop; sorted so two daemons recording
 * the same servers at once lock the rows in the same order.
 */
function latest(results: Array<Omit<CheckResult, 'lastUpdated'>>) {
  const byKey = new Map<string, Omit<CheckResult, 'lastUpdated'>>();
  for (const r of results) byKey.set(`${r.serverId}\u0000${r.shortName}`, r);
  return [...byKey.values()].sort(
    (a, b) => a.serverId - b.serverId || Buffer.compare(Buffer.from(a.shortName), Buffer.from(b.shortName)),
  );
}

/** Readiness-check results and check extensions on PostgreSQL. */
export function pgServerChecks(pool: PgPool): ServerCheckStore {
  return {
    async extensions() {
      return (await list.all(pool)).map(toExtension);
    },
    async extensionByShortName(shortName) {
      const row = await byShort.get(pool, shortName);
      return row ? toExtension(row) : null;
    },
    insertExtension: (ext, now) => insertExtension(pool, ext, now),
    async deleteExtension(id) {
      return inTransaction(pool, async (client) => {
        const row = await remove.get(client, id);
        if (!row) return false;
        if (row.short !== null) await dropResults.run(client, row.short);
        return true;
      });
    },
    async record(results, now) {
      const rows = latest(results);
      if (rows.length === 0) return;
      await upsert.run(
        pool,
        rows.map((r) => r.serverId),
        rows.map((r) => r.shortName),
        rows.map((r) => r.value),
        now,
      );
    },
    async results() {
      const byServer = new Map<number, CheckResult[]>();
      for (const r of await all.all(pool)) {
        const entries = byServer.get(r.server_id) ?? [];
        entries.push({ serverId: r.server_id, shortName: r.short_name, value: r.value, lastUpdated: r.last_updated });
        byServer.set(r.server_id, entries);
      }
      return byServer;
    },
  };
}
