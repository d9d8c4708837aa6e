import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serve } from '../../../daemon/server.js';
import { openPgStore } from '../../../daemon/store/postgres/index.js';
import { vaultFiles } from '../../../daemon/services/vault/master-key.js';
import { openDataDirVault } from '../../../daemon/services/vault/open.js';
import { pgKeyStore } from '../../../daemon/store/postgres/keystore.js';
import { runCdnctl } from '../../helpers/cli.js';
import { eachStore, freshDatabaseUrl } from '../../helpers/store-kinds.js';
import type { KeyStore } from '../../../daemon/store/keystore.js';
import { PASSWORDS } from './fixture.js';

/**
 * Issue 28, finding 8: the edges of the key store's master key. A store holding sealed secrets but no key check
 * (the row lost) and no key file must not get a freshly minted key (the docs promise that only for an empty
 * store): the daemon refuses to start, saying why. A key file readable by others is tightened to 0600, like
 * cdnctl.db and vault.db beside it, and the daemon says so.
 */

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cdnctl-vault-edges-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const address = { kind: 'url_sig', owner: 'ds1', version: 0 } as const;

/** A data dir whose key store holds one sealed secret, then loses its key check and its key file. */
async function sealedWithoutCheck(keyStore?: () => Promise<KeyStore>, dropCheck?: () => Promise<void>): Promise<void> {
  const first = await openDataDirVault({ dataDir, env: {}, keyStore: keyStore ? await keyStore() : undefined });
  expect(first.createdKeyFile).toBe(vaultFiles(dataDir).key);
  await first.vault.write(address, { key0: 'secret-value' }, {}, 'admin', 1);
  await first.vault.close();
  if (dropCheck) await dropCheck();
  else {
    const db = new Database(vaultFiles(dataDir).database);
    db.prepare("DELETE FROM vault_meta WHERE name = 'key_check'").run();
    db.close();
  }
  rmSync(vaultFiles(dataDir).key);
}

describe('a key store with sealed secrets, no key check and no key file', () => {
  it('makes `cdnctl daemon start` exit non-zero with one line saying why, minting no key', async () => {
    await sealedWithoutCheck();
    const dirs = { dataDir, configDir: join(root, 'config') };
    const started = await runCdnctl(dirs, ['daemon', 'start', '--data-dir', dataDir, '--listen', '127.0.0.1:0'], {
      env: { CDNCTL_ADMIN_PASSWORD: PASSWORDS.admin },
      timeoutMs: 30_000,
    });
    try {
      expect(started.code).not.toBe(0);
      expect(started.code).not.toBeNull();
      const lines = started.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/key store .*sealed secrets.*no key check.*vault\.key/);
      expect(existsSync(vaultFiles(dataDir).key)).toBe(false);
      expect(existsSync(join(dataDir, 'daemon.json'))).toBe(false);
    } finally {
      if (started.code === 0) await runCdnctl(dirs, ['daemon', 'stop', '--data-dir', dataDir]);
    }
  }, 60_000);

  it('with a key that does not open the secrets, writes no key check for it: the key routes stay unavailable', async () => {
    await sealedWithoutCheck();
    const other = randomBytes(32).toString('base64');
    const { vault } = await openDataDirVault({ dataDir, env: { CDNCTL_VAULT_KEY: other } });
    expect(vault.state).toEqual({ available: false, reason: expect.stringMatching(/does not open/) });
    await vault.close();
    const db = new Database(vaultFiles(dataDir).database, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM vault_meta WHERE name = 'key_check'").get()).toEqual({ n: 0 });
    db.close();
  });
});

eachStore((kind) => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  /** The key store of `kind` this data dir uses: vault.db, or the PostgreSQL database's tables. */
  async function setUp(): Promise<{ keyStore?: () => Promise<KeyStore>; dropCheck?: () => Promise<void> }> {
    if (kind === 'sqlite') return {};
    const url = await freshDatabaseUrl('vault-edges');
    const { store, pool } = await openPgStore(url);
    closers.push(() => store.close());
    return {
      keyStore: async () => pgKeyStore(pool),
      dropCheck: async () => void (await pool.query("DELETE FROM vault_meta WHERE name = 'key_check'")),
    };
  }

  it('the open function refuses (throws) rather than mint a second key, and creates no key file', async () => {
    const { keyStore, dropCheck } = await setUp();
    await sealedWithoutCheck(keyStore, dropCheck);
    await expect(
      openDataDirVault({ dataDir, env: {}, keyStore: keyStore ? await keyStore() : undefined }),
    ).rejects.toThrow(/sealed secrets \(1\) but no key check/);
    expect(existsSync(vaultFiles(dataDir).key)).toBe(false);
  }, 60_000);
});

describe('a pre-existing vault.key readable by others', () => {
  it('is tightened to 0600 at start, and the daemon says so', async () => {
    const first = await openDataDirVault({ dataDir, env: {} });
    await first.vault.write(address, { key0: 'secret-value' }, {}, 'admin', 1);
    await first.vault.close();
    chmodSync(vaultFiles(dataDir).key, 0o644);
    const key = readFileSync(vaultFiles(dataDir).key, 'utf8');
    const said: string[] = [];
    const daemon = await serve({
      dataDir,
      listen: '127.0.0.1:0',
      adminPassword: PASSWORDS.admin,
      say: (l) => said.push(l),
      logger: false,
    });
    try {
      expect(statSync(vaultFiles(dataDir).key).mode & 0o777).toBe(0o600);
      expect(readFileSync(vaultFiles(dataDir).key, 'utf8')).toBe(key);
      expect(said.some((l) => /vault\.key .*0644.*0600/.test(l))).toBe(true);
      expect(said.some((l) => /key store unavailable/.test(l))).toBe(false);
    } finally {
      await daemon.close();
    }
  });
});
