import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingKeyPath, vaultFiles } from '../../../daemon/services/vault/master-key.js';
import { openDataDirVault } from '../../../daemon/services/vault/open.js';
import { rotateMasterKey } from '../../../daemon/services/vault/rotate.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cdnctl-vault-dir-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const address = { kind: 'url_sig', owner: 'ds1', version: 0 } as const;
async function storeOne(env: NodeJS.ProcessEnv = {}) {
  const { vault } = await openDataDirVault({ dataDir, env });
  await vault.write(address, { key0: 'k' }, {}, 'admin', 1);
  await vault.close();
}

describe('the master key of a data dir', () => {
  it('is created at first start in vault.key, readable by its owner only, and the store lives in vault.db', async () => {
    const { vault, createdKeyFile } = await openDataDirVault({ dataDir, env: {} });
    expect(vault.state).toEqual({ available: true });
    expect(createdKeyFile).toBe(vaultFiles(dataDir).key);
    expect(statSync(vaultFiles(dataDir).key).mode & 0o777).toBe(0o600);
    expect(statSync(vaultFiles(dataDir).database).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(vaultFiles(dataDir).key, 'utf8').trim(), 'base64')).toHaveLength(32);
    await vault.close();
  });

  it('is not recreated once secrets are sealed: a missing key file makes the vault unavailable, saying why', async () => {
    await storeOne();
    rmSync(vaultFiles(dataDir).key);
    const { vault, createdKeyFile } = await openDataDirVault({ dataDir, env: {} });
    expect(createdKeyFile).toBeUndefined();
    expect(vault.state).toEqual({
      available: false,
      reason: expect.stringMatching(/key file .*vault\.key does not exist .*restore/),
    });
    expect(existsSync(vaultFiles(dataDir).key)).toBe(false);
    await vault.close();
  });

  it('comes from CDNCTL_VAULT_KEY before any file, and a malformed value is named without being echoed', async () => {
    const key = randomBytes(32).toString('base64');
    await storeOne({ CDNCTL_VAULT_KEY: key });
    expect(existsSync(vaultFiles(dataDir).key)).toBe(false);
    const good = await openDataDirVault({ dataDir, env: { CDNCTL_VAULT_KEY: key } });
    expect((await good.vault.read(address))?.secret).toEqual({ key0: 'k' });
    await good.vault.close();
    const bad = await openDataDirVault({ dataDir, env: { CDNCTL_VAULT_KEY: 'not-a-key-0123' } });
    const state = bad.vault.state;
    expect(state).toEqual({
      available: false,
      reason: expect.stringMatching(/^CDNCTL_VAULT_KEY does not hold a master key/),
    });
    expect(JSON.stringify(state)).not.toContain('not-a-key-0123');
    await bad.vault.close();
  });

  it('comes from the key file config.json names', async () => {
    const keyFile = join(dataDir, 'elsewhere.key');
    writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const { vault } = await openDataDirVault({ dataDir, env: {}, keyFile });
    expect(vault.state.available).toBe(true);
    await vault.close();
    expect(existsSync(vaultFiles(dataDir).key)).toBe(false);
  });
});

describe('rotating the master key of a data dir', () => {
  it('reseals under a new key file; the old key no longer opens the store', async () => {
    await storeOne();
    const before = readFileSync(vaultFiles(dataDir).key, 'utf8');
    const result = await rotateMasterKey({ dataDir, env: {} });
    expect(result).toEqual({ resealed: 1, keyFile: vaultFiles(dataDir).key });
    expect(readFileSync(vaultFiles(dataDir).key, 'utf8')).not.toBe(before);
    expect(statSync(vaultFiles(dataDir).key).mode & 0o777).toBe(0o600);
    const { vault } = await openDataDirVault({ dataDir, env: {} });
    expect((await vault.read(address))?.secret).toEqual({ key0: 'k' });
    await vault.close();
    const old = await openDataDirVault({ dataDir, env: { CDNCTL_VAULT_KEY: before.trim() } });
    expect(old.vault.state.available).toBe(false);
    await old.vault.close();
  });

  it('finishes a rotation interrupted after the commit: the pending key is adopted', async () => {
    await storeOne();
    const keyFile = vaultFiles(dataDir).key;
    const old = readFileSync(keyFile);
    await rotateMasterKey({ dataDir, env: {} });
    // As if the process died between the commit and the rename: the new key still pending, the old one in place.
    copyFileSync(keyFile, pendingKeyPath(keyFile));
    writeFileSync(keyFile, old);
    const { vault } = await openDataDirVault({ dataDir, env: {} });
    expect((await vault.read(address))?.secret).toEqual({ key0: 'k' });
    expect(existsSync(pendingKeyPath(keyFile))).toBe(false);
    await vault.close();
  });

  it('needs --new-key-file when the key comes from the environment', async () => {
    const key = randomBytes(32).toString('base64');
    await storeOne({ CDNCTL_VAULT_KEY: key });
    await expect(rotateMasterKey({ dataDir, env: { CDNCTL_VAULT_KEY: key } })).rejects.toThrow(/--new-key-file/);
    const target = join(dataDir, 'next.key');
    expect(await rotateMasterKey({ dataDir, env: { CDNCTL_VAULT_KEY: key } }, target)).toEqual({
      resealed: 1,
      keyFile: target,
    });
    const { vault } = await openDataDirVault({ dataDir, env: {}, keyFile: target });
    expect((await vault.read(address))?.secret).toEqual({ key0: 'k' });
    await vault.close();
  });
});
