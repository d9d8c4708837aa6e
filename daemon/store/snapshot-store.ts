import type { ImportSummary, KnownRecords, SnapshotModel, SnapshotWrite } from './snapshot-types.js';

/**
 * Whole-database snapshots (`cdnctl daemon import|export`, the demo loader): validation reads what exists, the
 * import writes a validated model in ONE transaction (all or nothing), the export reads one consistent view.
 */
export interface SnapshotStore {
  /** The names of everything a snapshot may refer to, as the database holds them now. */
  known(): Promise<KnownRecords>;
  /** The stored password hashes of these users (absent when a user has none or does not exist). */
  passwordHashes(usernames: readonly string[]): Promise<Map<string, string>>;
  /** Everything a snapshot holds, in the export's fixed order; hashes only with `withHashes`. */
  read(options: { withHashes: boolean }): Promise<SnapshotModel>;
  /**
   * Writes a validated snapshot in one transaction, records matched on their natural keys (ids of existing rows
   * kept). A constraint the database refuses (it changed since validation) rejects with an error whose `code`
   * is the database's (SQLITE_CONSTRAINT_* or a PostgreSQL class 23 SQLSTATE), having written nothing.
   */
  write(snap: SnapshotWrite, now: number): Promise<ImportSummary>;
}

/** What every install has (roles, tenant root, CDN ALL, type lists, GLOBAL profile) and its first `admin`. */
export interface BootstrapStore {
  /** Inserts the fixed records that are missing; rows already there are left alone. Safe to run concurrently. */
  seed(now: number): Promise<void>;
  /** True when the database has no users yet (the first start). */
  hasNoUsers(): Promise<boolean>;
  /** Creates `admin` (role admin, tenant root) with this hash, only if there is still no user; answers whether it did. */
  createAdmin(passwordHash: string, now: number): Promise<boolean>;
}
