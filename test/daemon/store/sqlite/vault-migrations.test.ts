import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openVaultDatabase, sqliteKeyStore } from '../../../../daemon/store/sqlite/keystore.js';
import { vaultMigrations } from '../../../../daemon/store/sqlite/vault-migrations.js';

/** vault.db's own migrations: a key store of the first schema keeps its secrets and then takes DNSSEC keys (issue 31). */

const dir = mkdtempSync(join(tmpdir(), 'cdnctl-vault-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('moves a first-schema key store forward without losing a secret, and takes kind dnssec', async () => {
  const file = join(dir, 'vault.db');
  const old = new Database(file);
  old.exec(vaultMigrations[0]);
  old.pragma('user_version = 1');
  old
    .prepare('INSERT INTO secret VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run('url_sig', 'ds-a', 0, Buffer.from([1, 2, 3]), '{}', 'admin', 1_700_000_000_000);
  expect(() =>
    old
      .prepare('INSERT INTO secret VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('dnssec', 'ds-a', 0, Buffer.from([1]), '{}', 'a', 1),
  ).toThrow(/CHECK constraint/);
  old.close();

  const db = openVaultDatabase(file);
  expect(db.pragma('user_version', { simple: true })).toBe(vaultMigrations.length);
  const store = sqliteKeyStore(db);
  expect(await store.get({ kind: 'url_sig', owner: 'ds-a', version: 0 })).toMatchObject({
    sealed: Buffer.from([1, 2, 3]),
    changedBy: 'admin',
  });
  const dnssec = {
    kind: 'dnssec' as const,
    owner: 'ds-a',
    version: 0,
    sealed: Buffer.from([9]),
    summary: '{}',
    changedBy: 'admin',
    changedAt: 1,
  };
  await store.put(dnssec);
  expect((await store.list({ owner: 'ds-a' })).map((r) => r.kind)).toEqual(['dnssec', 'url_sig']);
  await store.close();
});
