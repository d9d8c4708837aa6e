import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';
import {
  toRecord,
  type KeyFilter,
  type KeyStore,
  type SealedRecord,
  type SecretAddress,
  type SecretRow as Row,
} from '../keystore.js';

const COLUMNS = 'kind, owner, version, sealed, summary, changed_by, changed_at';
type PutParams = [string, string, number, Buffer, string, string, number];
const get = statement<[string, string, number], Row>(
  'vault_get',
  `SELECT ${COLUMNS} FROM secret WHERE kind = $1 AND owner = $2 AND version = $3`,
);
const latest = statement<[string, string], Row>(
  'vault_latest',
  `SELECT ${COLUMNS} FROM secret WHERE kind = $1 AND owner = $2 ORDER BY version DESC LIMIT 1`,
);
const list = statement<[string | null, string | null], Row>(
  'vault_list',
  `SELECT ${COLUMNS} FROM secret WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR owner = $2)
    ORDER BY owner COLLATE "C", kind COLLATE "C", version`,
);
const all = statement<[], Row>(
  'vault_all',
  `SELECT ${COLUMNS} FROM secret ORDER BY kind COLLATE "C", owner COLLATE "C", version`,
);
const put = statement<PutParams>(
  'vault_put',
  `INSERT INTO secret (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
   ON CONFLICT (kind, owner, version) DO UPDATE SET sealed = EXCLUDED.sealed, summary = EXCLUDED.summary,
     changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
);
const remove = statement<[string, string]>('vault_remove', 'DELETE FROM secret WHERE kind = $1 AND owner = $2');
const getMeta = statement<[string], { value: Buffer }>(
  'vault_meta_get',
  'SELECT value FROM vault_meta WHERE name = $1',
);
// The key check is written once: of several daemons starting on a new database at once, the first one's key wins
// and the others find (and test) it. A rotation replaces it in reseal.
const addMeta = statement<[string, Buffer]>(
  'vault_meta_add',
  'INSERT INTO vault_meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
);
const setMeta = statement<[string, Buffer]>(
  'vault_meta_set',
  'INSERT INTO vault_meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value',
);
const updateSealed = statement<[Buffer, string, string, number]>(
  'vault_reseal_one',
  'UPDATE secret SET sealed = $1 WHERE kind = $2 AND owner = $3 AND version = $4',
);

const params = (r: SealedRecord): PutParams => [
  r.kind,
  r.owner,
  r.version,
  r.sealed,
  r.summary,
  r.changedBy,
  r.changedAt,
];

/**
 * The key store in the PostgreSQL database (issue 18): every daemon on the database serves the same keys. It sees
 * only sealed bytes, as the SQLite one; the master key stays with each daemon.
 */
export function pgKeyStore(pool: PgPool): KeyStore {
  return {
    async get(a: SecretAddress) {
      const row = await get.get(pool, a.kind, a.owner, a.version);
      return row ? toRecord(row) : null;
    },
    async latest(kind, owner) {
      const row = await latest.get(pool, kind, owner);
      return row ? toRecord(row) : null;
    },
    async list(filter: KeyFilter = {}) {
      const rows = await list.all(pool, filter.kind ?? null, filter.owner ?? null);
      return rows.map((row) => {
        const { sealed: _sealed, ...info } = toRecord(row);
        return info;
      });
    },
    async all() {
      return (await all.all(pool)).map(toRecord);
    },
    async put(record) {
      await put.run(pool, ...params(record));
    },
    async putAll(records) {
      await inTransaction(pool, async (tx) => {
        for (const record of records) await put.run(tx, ...params(record));
      });
    },
    async remove(kind, owner) {
      return remove.run(pool, kind, owner);
    },
    async keyCheck() {
      return (await getMeta.get(pool, 'key_check'))?.value ?? null;
    },
    async setKeyCheck(sealed) {
      await addMeta.run(pool, 'key_check', sealed);
    },
    async reseal(records, keyCheck) {
      await inTransaction(pool, async (tx) => {
        for (const r of records) {
          if ((await updateSealed.run(tx, r.sealed, r.kind, r.owner, r.version)) !== 1)
            throw new Error('a record changed during rotation');
        }
        await setMeta.run(tx, 'key_check', keyCheck);
      });
    },
    // The pool is the store's: closing the daemon's store ends it.
    async close() {},
  };
}
