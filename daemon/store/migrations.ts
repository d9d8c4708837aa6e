import {
  POSTGRES_1,
  POSTGRES_2,
  POSTGRES_3,
  POSTGRES_4,
  POSTGRES_5,
  POSTGRES_6,
  POSTGRES_7,
} from './migration-sql/postgres.js';
import {
  SQLITE_1,
  SQLITE_2,
  SQLITE_3,
  SQLITE_4,
  SQLITE_5,
  SQLITE_6,
  SQLITE_7,
  SQLITE_8,
  SQLITE_9,
} from './migration-sql/sqlite.js';
import { POSTGRES_13, SQLITE_13 } from './migration-sql/step-13-topology.js';
import { POSTGRES_14, SQLITE_14 } from './migration-sql/step-14-ds-regexes.js';
import { POSTGRES_15, SQLITE_15 } from './migration-sql/step-15-type-updates.js';
import { POSTGRES_16, SQLITE_16 } from './migration-sql/step-16-ds-server-times.js';
import { POSTGRES_17, SQLITE_17 } from './migration-sql/step-17-profile-parameters.js';
import { POSTGRES_18, SQLITE_18 } from './migration-sql/step-18-federation-resolvers.js';
import { POSTGRES_19, SQLITE_19 } from './migration-sql/step-19-flag-raises.js';
import { POSTGRES_20, SQLITE_20 } from './migration-sql/step-20-cdn-snapshots.js';
import { POSTGRES_21, SQLITE_21 } from './migration-sql/step-21-ds-requests.js';
import { POSTGRES_22, SQLITE_22 } from './migration-sql/step-22-cache-health.js';
import { POSTGRES_23 } from './migration-sql/step-23-dnssec-keys.js';
import { POSTGRES_24, SQLITE_24 } from './migration-sql/step-24-agent-error.js';
import { POSTGRES_25, SQLITE_25 } from './migration-sql/step-25-origin-transitions.js';
import { POSTGRES_26, SQLITE_26 } from './migration-sql/step-26-job-cancellations.js';

/**
 * One step of the schema: its SQL for each backend, or null where that backend needs nothing at this step.
 * `version` is the step's place in this one list.
 */
export interface Migration {
  version: number;
  sqlite: string | null;
  postgres: string | null;
}

/**
 * The one append-only list of schema migrations, for both stores. Never edit, reorder or remove a shipped step
 * (its SQL text included): append a new one, with the SQL of BOTH backends, so the two schemas stay the same
 * (test/daemon/store/schema-equality.test.ts checks that they do).
 *
 * How a database records its progress is its adapter's, and has not changed: SQLite's `user_version` and
 * PostgreSQL's `cdnctl_migrations` each count the steps of THIS backend that have run, i.e. the position in
 * `migrationsFor(kind)`, which leaves out the steps whose SQL for that backend is null. The two lists were
 * numbered independently before they were merged here (SQLite 1-9, PostgreSQL 1-7); the order below keeps
 * each backend's own order, so an existing database of either kind continues at the step after its recorded
 * number:
 *
 *   step  SQLite user_version  PostgreSQL version   what
 *   1     1                    1                    the initial schema (PostgreSQL's covers SQLite's 1-6)
 *   2-6   2-6                  -                    SQLite's issue 2-20 steps, already in PostgreSQL's step 1
 *   7     -                    2                    cdnctl_sync_identities() moves identities forward only
 *   8     7                    3                    password-reset requests per client address
 *   9     -                    4                    the key store's tables (SQLite keeps them in vault.db)
 *   10    -                    5                    origins by name in byte order (an index SQLite needs not)
 *   11    8                    6                    login_successes
 *   12    9                    7                    server_agents
 *
 * From step 13 on, a step carries both SQL texts, and both counters move together.
 */
export const migrations: readonly Migration[] = [
  { version: 1, sqlite: SQLITE_1, postgres: POSTGRES_1 },
  { version: 2, sqlite: SQLITE_2, postgres: null },
  { version: 3, sqlite: SQLITE_3, postgres: null },
  { version: 4, sqlite: SQLITE_4, postgres: null },
  { version: 5, sqlite: SQLITE_5, postgres: null },
  { version: 6, sqlite: SQLITE_6, postgres: null },
  { version: 7, sqlite: null, postgres: POSTGRES_2 },
  { version: 8, sqlite: SQLITE_7, postgres: POSTGRES_3 },
  { version: 9, sqlite: null, postgres: POSTGRES_4 },
  { version: 10, sqlite: null, postgres: POSTGRES_5 },
  { version: 11, sqlite: SQLITE_8, postgres: POSTGRES_6 },
  { version: 12, sqlite: SQLITE_9, postgres: POSTGRES_7 },
  { version: 13, sqlite: SQLITE_13, postgres: POSTGRES_13 },
  // issue 31: delivery-service regexes
  { version: 14, sqlite: SQLITE_14, postgres: POSTGRES_14 },
  // issue 30: types' last_updated moves on update
  { version: 15, sqlite: SQLITE_15, postgres: POSTGRES_15 },
  // issue 30: delivery-service/server links' times
  { version: 16, sqlite: SQLITE_16, postgres: POSTGRES_16 },
  // issue 31: profile-parameter links
  { version: 17, sqlite: SQLITE_17, postgres: POSTGRES_17 },
  // issue 31: federation resolvers, role capabilities
  { version: 18, sqlite: SQLITE_18, postgres: POSTGRES_18 },
  // issues 32/33: when each pending flag was last raised (a check-in lowers only what its pass read)
  { version: 19, sqlite: SQLITE_19, postgres: POSTGRES_19 },
  // issue 35: the published CRConfig and monitoring configuration of each CDN
  { version: 20, sqlite: SQLITE_20, postgres: POSTGRES_20 },
  // issue 31: delivery-service requests and their comments
  { version: 21, sqlite: SQLITE_21, postgres: POSTGRES_21 },
  // issue 35: each cache's availability as the health monitors published it
  { version: 22, sqlite: SQLITE_22, postgres: POSTGRES_22 },
  // issue 31: the key store takes DNSSEC keys
  { version: 23, sqlite: null, postgres: POSTGRES_23 },
  // issue 32: a cache agent's last failure reason
  { version: 24, sqlite: SQLITE_24, postgres: POSTGRES_24 },
  // issue 32: an origin's previous host stays on the MIDs until every cache has applied the change
  { version: 25, sqlite: SQLITE_25, postgres: POSTGRES_25 },
  // issue 33: a cancelled job's removal from the caches is followed like its propagation
  { version: 26, sqlite: SQLITE_26, postgres: POSTGRES_26 },
];

/** The SQL a backend runs, in order: its recorded schema version is how many of these have run. */
export function migrationsFor(kind: 'sqlite' | 'postgres'): readonly string[] {
  return migrations.flatMap((m) => {
    const sql = m[kind];
    return sql === null ? [] : [sql];
  });
}
