import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCdnctl, type CliResult } from '../../helpers/cli.js';
import { GOLDEN_SNAPSHOT, goldenSnapshotHashed } from './helpers.js';

/** Runs the built cdnctl with no stdin, as CI does; the CLI records the started data dir in a temp config dir. */
function cdnctl(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runCdnctl({ configDir: join(dir, 'cli-config'), dataDir: join(dir, 'data') }, args, {
    env: { NO_COLOR: '1', ...env },
    timeoutMs: 60_000,
  });
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-snapshot-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cdnctl daemon import / export', () => {
  const dataDir = () => join(dir, 'data');
  const golden = fileURLToPath(GOLDEN_SNAPSHOT);

  it('imports the golden snapshot into a new data dir and reports what it did', async () => {
    const run = await cdnctl(['daemon', 'import', golden, '--data-dir', dataDir()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('deliveryServices: 3 created, 0 updated, 0 unchanged');
    expect(statSync(join(dataDir(), 'cdnctl.db')).mode & 0o777).toBe(0o600);
  });

  it('exports to stdout without password hashes, the same on every run', async () => {
    const first = await cdnctl(['daemon', 'export', '--data-dir', dataDir()]);
    expect(first.code).toBe(0);
    const doc = JSON.parse(first.stdout);
    expect(doc.deliveryServices.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds1', 'ds2', 'ds3']);
    expect(first.stdout).not.toContain('SCRYPT');
    expect((await cdnctl(['daemon', 'export', '--data-dir', dataDir()])).stdout).toBe(first.stdout);
  });

  it('exports to a file only its owner can read, with or without hashes', async () => {
    const plain = join(dir, 'plain.json');
    expect((await cdnctl(['daemon', 'export', plain, '--data-dir', dataDir()])).code).toBe(0);
    expect(statSync(plain).mode & 0o777).toBe(0o600);
    const file = join(dir, 'backup.json');
    const run = await cdnctl(['daemon', 'export', file, '--data-dir', dataDir(), '--with-hashes']);
    expect(run.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('"localPasswordHash": "SCRYPT:');
  });

  it('refuses a snapshot with an error in its last record: exit 1, one error line, database unchanged', async () => {
    const before = (await cdnctl(['daemon', 'export', '--data-dir', dataDir()])).stdout;
    const doc = await goldenSnapshotHashed();
    doc.deliveryServices[0].displayName = 'Changed, but must not be written';
    doc.federations[0].ttl = 'sixty';
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(doc));
    const run = await cdnctl(['daemon', 'import', file, '--data-dir', dataDir()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: federations[0] (cname "fed1.example.test."): 'ttl' must be an integer\n`);
    expect((await cdnctl(['daemon', 'export', '--data-dir', dataDir()])).stdout).toBe(before);
  });

  it('says when the file is not JSON, and leaves no database behind in a new data dir', async () => {
    const file = join(dir, 'not.json');
    writeFileSync(file, '{ "cdns": [');
    const fresh = join(dir, 'fresh');
    const run = await cdnctl(['daemon', 'import', file, '--data-dir', fresh]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .*not\.json is not valid JSON: /);
    expect(existsSync(join(fresh, 'cdnctl.db'))).toBe(false);
  });

  it('refuses to export a data dir without a database', async () => {
    const run = await cdnctl(['daemon', 'export', '--data-dir', join(dir, 'nothing-here')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: no database in ');
  });
});

describe('cdnctl daemon start --demo', () => {
  const dataDir = () => join(dir, 'demo');

  afterAll(async () => {
    const info = join(dataDir(), 'daemon.json');
    if (existsSync(info)) await cdnctl(['daemon', 'stop', '--data-dir', dataDir()]);
  });

  it('serves the demo data: a demo user logs in and lists the delivery services of its tenants', async () => {
    const start = await cdnctl(['daemon', 'start', '--demo', '--listen', '127.0.0.1:0', '--data-dir', dataDir()], {
      CDNCTL_ADMIN_PASSWORD: 'Adm1nPassw0rd!',
    });
    expect(start.stderr).toBe('');
    expect(start.code).toBe(0);
    expect(start.stdout).toContain('loaded the demo CDN');
    expect(start.stdout).toMatch(/acme_ops\s+AcmeOps#Stream9/);

    const { url } = JSON.parse(readFileSync(join(dataDir(), 'daemon.json'), 'utf8')) as { url: string };
    const login = await fetch(`${url}/api/1.2/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ u: 'acme_ops', p: 'AcmeOps#Stream9' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const res = await fetch(`${url}/api/1.2/deliveryservices`, { headers: { cookie } });
    const body = (await res.json()) as { response: Array<{ xmlId: string; tenant: string }> };
    expect(body.response.map((d) => d.xmlId)).toEqual(['acme-kids-vod', 'acme-live', 'acme-vod', 'acme-vod-eu']);

    const stop = await cdnctl(['daemon', 'stop', '--data-dir', dataDir()]);
    expect(stop.stdout).toBe('cdnctl daemon stopped\n');
  });

  it('does not load the demo again into a data dir that has data, and says so', async () => {
    const start = await cdnctl(['daemon', 'start', '--demo', '--listen', '127.0.0.1:0', '--data-dir', dataDir()]);
    expect(start.code).toBe(0);
    expect(start.stdout).toContain('the demo CDN was not loaded');
    expect(start.stdout).not.toContain('loaded the demo CDN:');
    await cdnctl(['daemon', 'stop', '--data-dir', dataDir()]);
  });
});

describe('cdnctl daemon import before the first start', () => {
  it('still creates admin, with a printed password written 0600, when the snapshot has no admin', async () => {
    const dataDir = join(dir, 'no-admin');
    const file = join(dir, 'no-admin.json');
    writeFileSync(
      file,
      JSON.stringify({
        users: [
          {
            username: 'ops1',
            email: 'ops1@example.test',
            fullName: 'Ops One',
            role: 'operations',
            tenant: 'root',
            localPassword: 'Op3ratorPassw0rd',
          },
        ],
      }),
    );
    const run = await cdnctl(['daemon', 'import', file, '--data-dir', dataDir], { CDNCTL_ADMIN_PASSWORD: '' });
    expect(run.code).toBe(0);
    const password = /created user admin with password: (\S+)/.exec(run.stdout)?.[1];
    expect(password).toBeTruthy();
    const passwordFile = join(dataDir, 'initial-admin-password');
    expect(readFileSync(passwordFile, 'utf8').trim()).toBe(password);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const exported = JSON.parse((await cdnctl(['daemon', 'export', '--data-dir', dataDir])).stdout);
    expect(exported.users.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'ops1']);
  });
});
