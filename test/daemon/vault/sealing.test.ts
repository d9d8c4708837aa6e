import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SealError, additionalData, open, seal } from '../../../daemon/services/vault/seal.js';
import { openVaultDatabase, sqliteKeyStore } from '../../../daemon/store/sqlite/keystore.js';
import { Vault } from '../../../daemon/services/vault/vault.js';

const KEYS = { key0: 'A'.repeat(32), key1: 'b_'.repeat(16) };
let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-vault-'));
  file = join(dir, 'vault.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function vaultWith(key: Buffer): Promise<Vault> {
  return Vault.open(sqliteKeyStore(openVaultDatabase(file)), key, 'no key');
}

describe('sealing', () => {
  it('opens what it sealed, and nothing of the secret is in the sealed bytes', () => {
    const key = randomBytes(32);
    const aad = additionalData({ kind: 'url_sig', owner: 'ds1', version: 0 });
    const sealed = seal(key, aad, Buffer.from(JSON.stringify(KEYS)));
    expect(sealed.includes(Buffer.from(KEYS.key0))).toBe(false);
    expect(JSON.parse(open(key, aad, sealed).toString())).toEqual(KEYS);
    // A fresh nonce each time: sealing the same secret twice gives different bytes.
    expect(seal(key, aad, Buffer.from('x')).equals(seal(key, aad, Buffer.from('x')))).toBe(false);
  });

  it('refuses a flipped byte, another key, and other authenticated data', () => {
    const key = randomBytes(32);
    const aad = additionalData({ kind: 'ssl', owner: 'ds1', version: 2 });
    const sealed = seal(key, aad, Buffer.from('secret'));
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1] ^= 1;
    expect(() => open(key, aad, flipped)).toThrow(SealError);
    expect(() => open(randomBytes(32), aad, sealed)).toThrow(SealError);
    for (const other of [
      { kind: 'ssl', owner: 'ds2', version: 2 },
      { kind: 'ssl', owner: 'ds1', version: 3 },
      { kind: 'url_sig', owner: 'ds1', version: 2 },
    ] as const) {
      expect(() => open(key, additionalData(other), sealed)).toThrow(SealError);
    }
  });
});

describe('the key store in vault.db', () => {
  it('stores secrets sealed: the file holds no plaintext, and reads give them back', async () => {
    const vault = await vaultWith(randomBytes(32));
    await vault.write({ kind: 'url_sig', owner: 'ds1', version: 0 }, KEYS, { keys: 2 }, 'admin', 1000);
    expect((await vault.read({ kind: 'url_sig', owner: 'ds1', version: 0 }))?.secret).toEqual(KEYS);
    await vault.close();
    const raw = new Database(file, { readonly: true });
    const rows = raw.prepare('SELECT sealed, summary FROM secret').all() as { sealed: Buffer; summary: string }[];
    raw.close();
    expect(rows).toHaveLength(1);
    expect(rows[0].sealed.includes(Buffer.from(KEYS.key0))).toBe(false);
    expect(rows[0].summary).toBe('{"keys":2}');
  });

  it('does not open a ciphertext moved to another delivery service', async () => {
    const vault = await vaultWith(randomBytes(32));
    await vault.write({ kind: 'url_sig', owner: 'ds1', version: 0 }, KEYS, {}, 'admin', 1000);
    await vault.write({ kind: 'url_sig', owner: 'ds2', version: 0 }, { key0: 'other' }, {}, 'admin', 1000);
    const raw = new Database(file);
    raw.prepare("UPDATE secret SET sealed = (SELECT sealed FROM secret WHERE owner = 'ds1') WHERE owner = 'ds2'").run();
    raw.close();
    await expect(vault.read({ kind: 'url_sig', owner: 'ds2', version: 0 })).rejects.toThrow(
      /url_sig secret of ds2 .*does not open/,
    );
    expect((await vault.read({ kind: 'url_sig', owner: 'ds1', version: 0 }))?.secret).toEqual(KEYS);
    await vault.close();
  });

  it('is unavailable under another master key, with the reason', async () => {
    await (await vaultWith(randomBytes(32))).close();
    const other = await vaultWith(randomBytes(32));
    expect(other.state).toEqual({ available: false, reason: expect.stringMatching(/does not open this key store/) });
    await expect(other.read({ kind: 'url_sig', owner: 'ds1', version: 0 })).rejects.toThrow(/unavailable/);
    await other.close();
  });

  it('rotates: every secret reseals under the new key in one go, and the old key no longer opens the store', async () => {
    const oldKey = randomBytes(32);
    const vault = await vaultWith(oldKey);
    for (const owner of ['ds1', 'ds2', 'ds3'])
      await vault.write({ kind: 'ssl', owner, version: 1 }, { owner }, {}, 'admin', 1000);
    const newKey = randomBytes(32);
    expect(await vault.rotate(newKey)).toBe(3);
    expect((await vault.read({ kind: 'ssl', owner: 'ds2', version: 1 }))?.secret).toEqual({ owner: 'ds2' });
    await vault.close();
    expect((await vaultWith(oldKey)).state.available).toBe(false);
    const reopened = await vaultWith(newKey);
    expect((await reopened.exportAll()).map((s) => s.secret)).toEqual([
      { owner: 'ds1' },
      { owner: 'ds2' },
      { owner: 'ds3' },
    ]);
    await reopened.close();
  });

  it('leaves the store under the old key when a secret does not open during rotation', async () => {
    const oldKey = randomBytes(32);
    const vault = await vaultWith(oldKey);
    await vault.write({ kind: 'ssl', owner: 'ds1', version: 1 }, { a: 1 }, {}, 'admin', 1000);
    await vault.write({ kind: 'ssl', owner: 'ds2', version: 1 }, { b: 2 }, {}, 'admin', 1000);
    const raw = new Database(file);
    raw.prepare("UPDATE secret SET sealed = (SELECT sealed FROM secret WHERE owner = 'ds1') WHERE owner = 'ds2'").run();
    raw.close();
    await expect(vault.rotate(randomBytes(32))).rejects.toThrow(/ds2/);
    await vault.close();
    const again = await vaultWith(oldKey);
    expect((await again.read({ kind: 'ssl', owner: 'ds1', version: 1 }))?.secret).toEqual({ a: 1 });
    await again.close();
  });
});
