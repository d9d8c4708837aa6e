import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTlsFixtures } from '../daemon/vault/tls-fixtures.js';
import { Cli } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const HOST = 'ds1.cdn1.example.test';
const fx = makeTlsFixtures(HOST);
const { daemon, cli } = useCliDaemon({ login: 'admin' });
const file = (name: string, text: string) => {
  const path = join(daemon.root, name);
  writeFileSync(path, text);
  return path;
};

describe('cdnctl keys url', () => {
  it('generates keys, prints them only with --reveal off a terminal, and copies them', async () => {
    const unconfirmed = await cli.run(['keys', 'url', 'generate', 'ds1']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain(
      'refusing to replace the URL-signing keys of ds1 with 16 new ones without confirmation',
    );
    const gen = await cli.run(['keys', 'url', 'generate', 'ds1', '--yes']);
    expect(gen.code).toBe(0);
    expect(gen.stdout).toBe('Generated 16 new URL-signing keys for ds1, replacing any it had\n');
    const hidden = await cli.run(['keys', 'url', 'get', 'ds1']);
    expect(hidden.code).toBe(1);
    expect(hidden.stdout).toBe('');
    expect(hidden.stderr).toContain('not printing URL-signing keys: stdout is not a terminal');
    expect(hidden.stderr).toContain('--reveal');
    const keys = await cli.json<Record<string, string>>(['keys', 'url', 'get', 'ds1', '--reveal']);
    expect(Object.keys(keys)).toHaveLength(16);
    const table = await cli.run(['keys', 'url', 'get', 'ds1', '--reveal']);
    expect(table.stdout.split('\n')[1]).toMatch(/^key0\s+[A-Za-z0-9_]{32}$/);
    const refusedCopy = await cli.run(['keys', 'url', 'copy', 'ds3', '--from', 'ds1']);
    expect(refusedCopy.code).toBe(2);
    expect(refusedCopy.stderr).toContain(
      'refusing to replace the URL-signing keys of ds3 with those of ds1 without confirmation',
    );
    const copy = await cli.run(['keys', 'url', 'copy', 'ds3', '--from', 'ds1', '--yes']);
    expect(copy.code).toBe(0);
    expect(copy.stdout).toBe('Copied the URL-signing keys of ds1 to ds3, replacing any it had\n');
    expect(await cli.json(['keys', 'url', 'get', 'ds3', '--reveal'])).toEqual(keys);
  });

  it('fails with one line for an unknown delivery service and for a non-admin', async () => {
    const missing = await cli.run(['keys', 'url', 'generate', 'nope', '--yes']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('delivery service nope not found');
    const ops = new Cli({ configDir: join(daemon.root, 'ops-config'), dataDir: daemon.dataDir });
    await ops.login('ops_user', PASSWORDS.ops_user);
    const refused = await ops.run(['keys', 'url', 'generate', 'ds1', '--yes']);
    expect(refused.code).toBe(5);
  });
});

describe('cdnctl keys uri', () => {
  it('sets a key set from a file and gets it back with --reveal; a bad set is refused with the reason', async () => {
    const keyset = {
      issuer: { renewal_kid: 'k1', keys: [{ alg: 'HS256', kid: 'k1', kty: 'oct', k: 'c2VjcmV0LWtleS12YWx1ZQ' }] },
    };
    const set = await cli.run(['keys', 'uri', 'set', 'ds1', '--file', file('keyset.json', JSON.stringify(keyset))]);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/key ids:\s+k1/);
    expect(set.stdout).not.toContain('c2VjcmV0LWtleS12YWx1ZQ');
    expect(JSON.parse((await cli.run(['keys', 'uri', 'get', 'ds1', '--reveal'])).stdout)).toEqual(keyset);
    expect((await cli.run(['keys', 'uri', 'get', 'ds1'])).code).toBe(1);
    const bad = await cli.run(['keys', 'uri', 'set', 'ds1', '--file', file('bad.json', '{"i":{"keys":[]}}')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('invalid keyset: No renewal_kid was found in any keyset');
  });
});

describe('cdnctl keys ssl', () => {
  it('adds a verified certificate, lists it with its expiry, and shows the private key only with --reveal', async () => {
    const add = await cli.run([
      'keys',
      'ssl',
      'add',
      'ds1',
      '--cert',
      file('chain.pem', fx.leaf + fx.intermediate),
      '--key',
      file('leaf.key', fx.leafKey),
      '--csr',
      file('leaf.csr', fx.csr),
      '--hostname',
      HOST,
    ]);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('Successfully added ssl keys for ds1 (version 1)');
    expect(add.stderr).toContain('signed by an unknown authority');
    const got = await cli.run(['keys', 'ssl', 'get', 'ds1']);
    expect(got.stdout).toContain('BEGIN CERTIFICATE');
    // The PEM as PEM: one line per 64 characters, as it was added (issue 33 item 6).
    expect(got.stdout).toMatch(/^-----BEGIN CERTIFICATE-----$/m);
    expect(got.stdout).toContain(fx.leaf.split('\n').slice(0, 3).join('\n'));
    expect(got.stdout).not.toContain('PRIVATE KEY');
    expect(got.stderr).toContain('the private key is left out');
    expect((await cli.run(['keys', 'ssl', 'get', 'ds1', '--reveal'])).stdout).toContain(fx.leafKey.split('\n')[1]);
    const soon = await cli.run([
      'keys',
      'ssl',
      'add',
      'ds3',
      '--cert',
      file('soon.pem', fx.soonLeaf + fx.intermediate),
      '--key',
      file('soon.key', fx.soonKey),
      '--csr',
      file('soon.csr', fx.csr),
      '--hostname',
      HOST,
    ]);
    expect(soon.code).toBe(0);
    const all = await cli.json<{ xmlId: string; expiring: boolean }[]>(['keys', 'ssl', 'list']);
    expect(all.map((r) => [r.xmlId, r.expiring])).toEqual([
      ['ds1', false],
      ['ds3', true],
    ]);
    const expiring = await cli.run(['keys', 'ssl', 'list', '--expiring']);
    expect(expiring.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(expiring.stdout).toMatch(/ds3\s+1\s+ds1\.cdn1\.example\.test\s+\d{4}-\d\d-\d\d \(\d+ days!\)/);
    for (const out of [expiring.stdout, JSON.stringify(all)]) expect(out).not.toContain(fx.soonKey.split('\n')[1]);
  });

  it('refuses a key that does not match, in one line', async () => {
    const res = await cli.run([
      'keys',
      'ssl',
      'add',
      'ds1',
      '--cert',
      file('c.pem', fx.leaf),
      '--key',
      file('stray.key', fx.strayKey),
      '--csr',
      file('c.csr', fx.csr),
      '--hostname',
      HOST,
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('verifying certificate: the private key does not match the certificate');
    expect(res.stderr).not.toContain(fx.strayKey.split('\n')[1]);
  });

  it('generates a self-signed certificate at the next version', async () => {
    const res = await cli.run([
      'keys',
      'ssl',
      'generate',
      'ds1',
      '--hostname',
      HOST,
      '--country',
      'US',
      '--state',
      'CO',
      '--city',
      'Denver',
      '--org',
      'Example',
      '--unit',
      'CDN',
    ]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Successfully created ssl keys for ds1 (version 2)');
    const [newest] = await cli.json<{ xmlId: string; version: number; authType: string }[]>([
      'keys',
      'ssl',
      'list',
      'ds1',
    ]);
    expect(newest).toMatchObject({ version: 2, authType: 'Self Signed' });
  });
});

describe('cdnctl daemon export --with-secrets and vault rotate-key', () => {
  it('exports secrets only to a file, readable by its owner only; a plain export has none', async () => {
    const urlKey = Object.values(await cli.json<Record<string, string>>(['keys', 'url', 'get', 'ds1', '--reveal']))[0];
    const plain = await cli.run(['daemon', 'export', '--data-dir', daemon.dataDir]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain(urlKey);
    expect(plain.stdout).not.toContain('PRIVATE KEY');
    const toStdout = await cli.run(['daemon', 'export', '--with-secrets', '--data-dir', daemon.dataDir]);
    expect(toStdout.code).toBe(1);
    expect(toStdout.stderr).toContain('--with-secrets writes key material: name a FILE');
    const target = join(daemon.root, 'secrets.json');
    const res = await cli.run(['daemon', 'export', target, '--with-secrets', '--data-dir', daemon.dataDir]);
    expect(res.code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const doc = JSON.parse(readFileSync(target, 'utf8')) as {
      keys: { kind: string; deliveryService: string; secret: Record<string, string> }[];
    };
    expect(doc.keys.find((k) => k.kind === 'url_sig' && k.deliveryService === 'ds1')?.secret.key0).toBe(urlKey);
  });

  it('rotate-key refuses while the daemon runs', async () => {
    const res = await cli.run(['daemon', 'vault', 'rotate-key', '--data-dir', daemon.dataDir]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/a daemon is running for .*it holds the current key/);
    expect(execFileSync('ls', [daemon.dataDir], { encoding: 'utf8' })).toContain('vault.key');
  });

  it('imports secrets into another data dir, rotates its master key (daemon stopped), and the secrets still open', async () => {
    const source = join(daemon.root, 'all.json');
    expect((await cli.run(['daemon', 'export', source, '--with-secrets', '--data-dir', daemon.dataDir])).code).toBe(0);
    const other = join(daemon.root, 'other-data');
    const imported = await cli.run(['daemon', 'import', source, '--data-dir', other], {
      env: { CDNCTL_ADMIN_PASSWORD: PASSWORDS.admin },
    });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/keys: \d+ sealed into the key store/);
    const keyBefore = readFileSync(join(other, 'vault.key'), 'utf8');
    const rotated = await cli.run(['daemon', 'vault', 'rotate-key', '--data-dir', other]);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/resealed \d+ secret\(s\) under a new master key/);
    expect(readFileSync(join(other, 'vault.key'), 'utf8')).not.toBe(keyBefore);
    const again = join(daemon.root, 'again.json');
    expect((await cli.run(['daemon', 'export', again, '--with-secrets', '--data-dir', other])).code).toBe(0);
    const secrets = (path: string) =>
      (JSON.parse(readFileSync(path, 'utf8')) as { keys: { secret: unknown }[] }).keys.map((k) => k.secret);
    expect(secrets(again)).toEqual(secrets(source));
  });
});
