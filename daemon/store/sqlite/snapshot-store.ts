import type { Db } from './db.js';
import { hasNoUsers, seedDatabase } from './seed.js';
import { readKnownRecords, readPasswordHashes, readSnapshotModel } from './snapshot-read.js';
import { writeSnapshot } from './snapshot-write.js';
import type { BootstrapStore, SnapshotStore } from '../snapshot-store.js';

export function sqliteSnapshots(db: Db): SnapshotStore {
  return {
    known: () => readKnownRecords(db),
    passwordHashes: (usernames) => readPasswordHashes(db, [...usernames]),
    read: ({ withHashes }) => readSnapshotModel(db, withHashes),
    write: (snap, now) => writeSnapshot(db, snap, now),
  };
}

export function sqliteBootstrap(db: Db): BootstrapStore {
  const insertAdmin = db.prepare<[string, number]>(
    `INSERT INTO users (username, email, full_name, local_passwd, role_id, tenant_id, new_user, last_updated)
     SELECT 'admin', 'admin@localhost', 'Administrator', ?, 1, id, 0, ? FROM tenants WHERE name = 'root'
      AND NOT EXISTS (SELECT 1 FROM users)`,
  );
  return {
    async seed(now) {
      seedDatabase(db, now);
    },
    async hasNoUsers() {
      return hasNoUsers(db);
    },
    async createAdmin(passwordHash, now) {
      return insertAdmin.run(passwordHash, now).changes > 0;
    },
  };
}
