import type { Store } from '../index.js';
import type { PgPool } from './pool.js';
import { lockSeed, seedPg } from './seed.js';
import { readKnownRecordsPg, readPasswordHashesPg } from './snapshot-known.js';
import { readSnapshotModelPg } from './snapshot-read.js';
import { writeSnapshotPg } from './snapshot-write.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

export type SnapshotGroup = Pick<Store, 'snapshot' | 'bootstrap'>;

const readOnlyView = statement('snap_read_view', 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
const anyUser = statement<[], { found: number }>('bootstrap_any_user', 'SELECT 1 AS found FROM users LIMIT 1');
const insertAdmin = statement<[string, number]>(
  'bootstrap_insert_admin',
  `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, last_updated)
   SELECT 'admin', 'admin@localhost', 'Administrator', $1, 1, id, 0, $2 FROM tenants WHERE name = 'root'
    AND NOT EXISTS (SELECT 1 FROM users)
   ON CONFLICT DO NOTHING`,
);

/** Snapshot import/export and bootstrap on PostgreSQL: SQL straight to the tables, no other sub-store needed. */
export function pgSnapshotGroup(pool: PgPool): SnapshotGroup {
  return {
    snapshot: {
      known: () => readKnownRecordsPg(pool),
      passwordHashes: (usernames) => readPasswordHashesPg(pool, usernames),
      read: ({ withHashes }) =>
        inTransaction(pool, async (client) => {
          await readOnlyView.run(client);
          return readSnapshotModelPg(client, withHashes);
        }),
      write: (snap, now) => writeSnapshotPg(pool, snap, now),
    },
    bootstrap: {
      seed: (now) => inTransaction(pool, (client) => seedPg(client, now)),
      async hasNoUsers() {
        return (await anyUser.get(pool)) === undefined;
      },
      // Under the seed lock: of several daemons starting at once on an empty database, one creates admin.
      createAdmin: (passwordHash, now) =>
        inTransaction(pool, async (client) => {
          await lockSeed(client);
          return (await insertAdmin.run(client, passwordHash, now)) > 0;
        }),
    },
  };
}
