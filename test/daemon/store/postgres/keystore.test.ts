import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import type { PgPool } from '../../../../daemon/store/postgres/pool.js';
import type { KeyStore, SealedRecord } from '../../../../daemon/store/keystore.js';
import { newMasterKey } from '../../../../daemon/services/vault/master-key.js';
import { openDataDirVault } from '../../../../daemon/services/vault/open.js';
import { pgKeyStore } from '../../../../daemon/store/postgres/keystore.js';
import { rotateMasterKey } from '../../../../daemon/services/vault/rotate.js';
import { openVaultDatabase, sqliteKeyStore } from '../../../../daemon/store/sqlite/keystore.js';
import { Vault } from '../../../../daemon/services/vault/vault.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';

/** The key store in the shared PostgreSQL database answers as the SQLite one does (issue 18: one set of keys for every daemon). */

let cluster: PgCluster;
const pools: PgPool[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  for (const pool of pools) await pool.end();
  cluster?.stop();
});

async function pgKeys(): Promise<KeyStore> {
  const { pool } = await openPgStore(await cluster.createDatabase('vault'));
  pools.push(pool);
  return pgKeyStore(pool);
}

const record = (kind: SealedRecord['kind'], owner: string, version: number, byte: number): SealedRecord => ({
  kind,
  owner,
  version,
  sealed: Buffer.from([byte, byte + 1, 0, 255]),
  summary: `{"v":${version}}`,
  changedBy: 'admin',
  changedAt: 1_700_000_000_000 + version,
});

/** The same calls on a key store; answers everything they answered. */
async function exercise(store: KeyStore): Promise<unknown[]> {
  const out: unknown[] = [];
  await store.put(record('ssl', 'ds-b', 1, 1));
  await store.putAll([
    record('ssl', 'ds-b', 2, 3),
    record('url_sig', 'ds-a', 1, 5),
    record('uri_signing', 'Ds-c', 1, 7),
    record('dnssec', 'ds-d', 0, 11),
  ]);
  await store.put({ ...record('ssl', 'ds-b', 2, 9), summary: 'replaced' });
  out.push(await store.get({ kind: 'ssl', owner: 'ds-b', version: 2 }));
  out.push(await store.get({ kind: 'ssl', owner: 'nobody', version: 1 }));
  out.push(await store.latest('ssl', 'ds-b'), await store.latest('url_sig', 'nobody'));
  out.push(await store.list(), await store.list({ kind: 'ssl' }), await store.list({ owner: 'ds-a' }));
  out.push(await store.keyCheck());
  await store.setKeyCheck(Buffer.from('check-1'));
  out.push(await store.keyCheck());
  const every = await store.all();
  out.push(every);
  await store.reseal(
    every.map((r) => ({ ...r, sealed: Buffer.concat([r.sealed, Buffer.from([42])]) })),
    Buffer.from('check-2'),
  );
  out.push(await store.all(), await store.keyCheck());
  await expect(store.reseal([record('ssl', 'gone', 1, 1)], Buffer.from('check-3'))).rejects.toThrow(
    /changed during rotation/,
  );
  out.push(await store.keyCheck());
  out.push(await store.remove('ssl', 'ds-b'), await store.remove('ssl', 'ds-b'), await store.all());
  return out;
}

describe('key store on PostgreSQL', () => {
  it('answers every call as the SQLite key store does', async () => {
    const sqlite = sqliteKeyStore(openVaultDatabase(':memory:'));
    const expected = await exercise(sqlite);
    await sqlite.close();
    const got = await exercise(await pgKeys());
    expect(got).toEqual(expected);
  });

  it('two daemons first starting at once with different master keys: the first key check stays, the other key is refused', async () => {
    const store = await pgKeys();
    const [a, b] = await Promise.all([Vault.open(store, newMasterKey(), ''), Vault.open(store, newMasterKey(), '')]);
    const available = [a, b].filter((v) => v.state.available);
    expect(available).toHaveLength(1);
    const refused = [a, b].find((v) => !v.state.available)!;
    expect(refused.state).toEqual({
      available: false,
      reason: expect.stringMatching(/master key does not open this key store/),
    });
  });

  it('a data dir on PostgreSQL creates its key file, keeps secrets in the database and rotates them there', async () => {
    const store = await pgKeys();
    const [first, second] = [mkdtempSync(`${tmpdir()}/cdnctl-vault-a-`), mkdtempSync(`${tmpdir()}/cdnctl-vault-b-`)];
    try {
      const opened = await openDataDirVault({ dataDir: first, env: {}, keyStore: store });
      expect(opened.createdKeyFile).toBe(`${first}/vault.key`);
      const address = { kind: 'url_sig' as const, owner: 'ds1', version: 1 };
      await opened.vault.write(address, { key0: 'secret' }, {}, 'admin', 1);
      // Another daemon's data dir without the key: unavailable, and no second key is made.
      const other = await openDataDirVault({ dataDir: second, env: {}, keyStore: store });
      expect(other.createdKeyFile).toBeUndefined();
      expect(other.vault.state.available).toBe(false);
      const rotated = await rotateMasterKey({ dataDir: first, env: {}, keyStore: store });
      expect(rotated.resealed).toBe(1);
      const again = await openDataDirVault({ dataDir: first, env: {}, keyStore: store });
      expect((await again.vault.read<{ key0: string }>(address))?.secret).toEqual({ key0: 'secret' });
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
