import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_SNAPSHOT } from '../../snapshot/helpers.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'cdnctl');
const CACHES_SNAPSHOT = fileURLToPath(new URL('../../../fixtures/caches.snapshot.json', import.meta.url));
/** The password every database URL of this file carries: it must never show in output, logs or files. */
const SECRET = 'Pg-Secret-Do-Not-Log-7';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let cluster: PgCluster;

/** Runs the built cdnctl (stdin closed, or `input` when given), as CI does. */
function cdnctl(args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CI: 'true',
        NO_COLOR: '1',
        CDNCTL_CONFIG_DIR: join(dir, 'cli-config'),
        CDNCTL_DATABASE_URL: '',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** A fresh database on the cluster, its URL carrying SECRET as the password (the cluster trusts loopback). */
async function database(): Promise<string> {
  const url = new URL(await cluster.createDatabase());
  url.password = SECRET;
  return url.toString();
}

const ok = (run: Run) => {
  expect(run.stderr).not.toContain(SECRET);
  expect(run.stdout).not.toContain(SECRET);
  expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
  return run;
};

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('build first: npx tsc -p .');
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-pg-cli-'));
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('cdnctl daemon --database (PostgreSQL)', () => {
  it('moves an installation SQLite → PostgreSQL → SQLite through export --with-hashes | import -', async () => {
    const sqliteDir = join(dir, 'sqlite-a');
    ok(await cdnctl(['daemon', 'import', fileURLToPath(GOLDEN_SNAPSHOT), '--data-dir', sqliteDir]));
    ok(await cdnctl(['daemon', 'import', CACHES_SNAPSHOT, '--data-dir', sqliteDir]));
    const original = ok(await cdnctl(['daemon', 'export', '--with-hashes', '--data-dir', sqliteDir])).stdout;
    expect(original).toContain('SCRYPT');

    const url = await database();
    const imported = ok(
      await cdnctl(['daemon', 'import', '--database', url, '--data-dir', join(dir, 'unused'), '-'], {}, original),
    );
    expect(imported.stdout).toContain(
      `imported standard input into postgres://postgres:***@127.0.0.1:${cluster.port}/`,
    );
    expect(existsSync(join(dir, 'unused'))).toBe(false);
    const fromPg = ok(await cdnctl(['daemon', 'export', '--with-hashes', '--database', url])).stdout;
    expect(fromPg).toBe(original);

    const back = join(dir, 'sqlite-b');
    ok(await cdnctl(['daemon', 'import', '--data-dir', back, '-'], {}, fromPg));
    expect(ok(await cdnctl(['daemon', 'export', '--with-hashes', '--data-dir', back])).stdout).toBe(original);
  }, 120_000);

  it('takes the URL from CDNCTL_DATABASE_URL, then config.json; the flag wins over both', async () => {
    const url = await database();
    const other = await database();
    const configured = join(dir, 'configured');
    ok(await cdnctl(['daemon', 'import', fileURLToPath(GOLDEN_SNAPSHOT), '--data-dir', join(dir, 'seed-only')]));
    const golden = ok(await cdnctl(['daemon', 'export', '--with-hashes', '--data-dir', join(dir, 'seed-only')])).stdout;
    ok(await cdnctl(['daemon', 'import', '-'], { CDNCTL_DATABASE_URL: url }, golden));
    mkdirSync(configured, { recursive: true });
    writeFileSync(join(configured, 'config.json'), JSON.stringify({ database: url }));
    expect(ok(await cdnctl(['daemon', 'export', '--with-hashes', '--data-dir', configured])).stdout).toBe(golden);
    // The environment wins over config.json, the flag over the environment: `other` is empty.
    const fromEnv = JSON.parse(
      ok(await cdnctl(['daemon', 'export', '--data-dir', configured], { CDNCTL_DATABASE_URL: other })).stdout,
    );
    expect(fromEnv.deliveryServices).toEqual([]);
    const fromFlag = JSON.parse(
      ok(
        await cdnctl(['daemon', 'export', '--data-dir', configured, '--database', url], { CDNCTL_DATABASE_URL: other }),
      ).stdout,
    );
    expect(fromFlag.deliveryServices.length).toBe(3);
  }, 120_000);

  it('refuses a bad snapshot on PostgreSQL in one line, changing nothing', async () => {
    const url = await database();
    ok(await cdnctl(['daemon', 'import', fileURLToPath(GOLDEN_SNAPSHOT), '--database', url]));
    const before = ok(await cdnctl(['daemon', 'export', '--with-hashes', '--database', url])).stdout;
    const bad = JSON.parse(before);
    bad.cdns.push({ name: 'extra', domainName: 'extra.example.com' });
    bad.deliveryServices[0].cdnName = 'no-such-cdn';
    const run = await cdnctl(['daemon', 'import', '--database', url, '-'], {}, JSON.stringify(bad));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/no-such-cdn/);
    expect(run.stderr).not.toContain(SECRET);
    expect(ok(await cdnctl(['daemon', 'export', '--with-hashes', '--database', url])).stdout).toBe(before);
  }, 120_000);

  it('never repeats the password of a URL it cannot use', async () => {
    const unreachable = await cdnctl([
      'daemon',
      'export',
      '--database',
      `postgres://cdnctl:${SECRET}@127.0.0.1:1/nowhere`,
    ]);
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toContain('postgres://cdnctl:***@127.0.0.1:1/nowhere');
    const wrongScheme = await cdnctl(['daemon', 'export', '--database', `mysql://cdnctl:${SECRET}@127.0.0.1/x`]);
    expect(wrongScheme.code).not.toBe(0);
    expect(wrongScheme.stderr).toMatch(/postgres:\/\/USER:PASS@HOST:PORT\/DB/);
    const dataDir = join(dir, 'unreachable');
    const start = await cdnctl([
      'daemon',
      'start',
      '--data-dir',
      dataDir,
      '--listen',
      '127.0.0.1:0',
      '--database',
      `postgres://cdnctl:${SECRET}@127.0.0.1:1/nowhere`,
    ]);
    expect(start.code).not.toBe(0);
    expect(start.stderr).toContain(
      'daemon did not start: cannot open the database postgres://cdnctl:***@127.0.0.1:1/nowhere',
    );
    for (const run of [unreachable, wrongScheme, start]) expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(readFileSync(join(dataDir, 'daemon.log'), 'utf8')).not.toContain(SECRET);
  }, 60_000);

  it('starts the daemon on PostgreSQL: status names the store without the password, nor do the log and files', async () => {
    const url = await database();
    const dataDir = join(dir, 'pg-daemon');
    const env = { CDNCTL_ADMIN_PASSWORD: 'Adm1nPassw0rd!' };
    const started = ok(
      await cdnctl(['daemon', 'start', '--data-dir', dataDir, '--listen', '127.0.0.1:0', '--database', url], env),
    );
    try {
      const base = /running at (http:\/\/\S+) \(pid (\d+)/.exec(started.stdout);
      expect(base).not.toBeNull();
      const cmdline = readFileSync(`/proc/${base![2]}/cmdline`, 'utf8');
      expect(cmdline).not.toContain(SECRET);
      expect((await fetch(`${base![1]}/api/1.2/ping`)).status).toBe(200);
      const status = ok(await cdnctl(['daemon', 'status', '--data-dir', dataDir]));
      expect(status.stdout).toContain(`store postgres postgres://postgres:***@127.0.0.1:${cluster.port}/`);
      // The store is PostgreSQL: the data dir has no SQLite file, and the database has the first admin.
      expect(existsSync(join(dataDir, 'cdnctl.db'))).toBe(false);
      const exported = JSON.parse(ok(await cdnctl(['daemon', 'export', '--database', url])).stdout);
      expect(exported.users.map((u: { username: string }) => u.username)).toEqual(['admin']);
    } finally {
      ok(await cdnctl(['daemon', 'stop', '--data-dir', dataDir]));
    }
    for (const file of ['daemon.log', 'daemon.json', 'config.json'].map((f) => join(dataDir, f)).filter(existsSync)) {
      expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
    }
    expect(readFileSync(join(dataDir, 'daemon.log'), 'utf8')).toContain('store opened');
  }, 120_000);

  it('loads the demo CDN into a new PostgreSQL database on the first start only', async () => {
    const url = await database();
    const dataDir = join(dir, 'pg-demo');
    const env = { CDNCTL_ADMIN_PASSWORD: 'Adm1nPassw0rd!' };
    const first = ok(
      await cdnctl(
        ['daemon', 'start', '--demo', '--data-dir', dataDir, '--listen', '127.0.0.1:0', '--database', url],
        env,
      ),
    );
    ok(await cdnctl(['daemon', 'stop', '--data-dir', dataDir]));
    expect(first.stdout).toMatch(/loaded the demo CDN: \d+ CDNs/);
    const demo = JSON.parse(ok(await cdnctl(['daemon', 'export', '--database', url])).stdout);
    expect(demo.deliveryServices.length).toBeGreaterThan(0);
    const again = ok(
      await cdnctl(
        ['daemon', 'start', '--demo', '--data-dir', dataDir, '--listen', '127.0.0.1:0', '--database', url],
        env,
      ),
    );
    ok(await cdnctl(['daemon', 'stop', '--data-dir', dataDir]));
    expect(again.stdout).toContain('the demo CDN was not loaded');
  }, 120_000);

  it('serves an imported installation from PostgreSQL: log in, read and create origins, log out', async () => {
    const url = await database();
    ok(await cdnctl(['daemon', 'import', fileURLToPath(GOLDEN_SNAPSHOT), '--database', url]));
    const dataDir = join(dir, 'pg-serving');
    const started = ok(
      await cdnctl(['daemon', 'start', '--data-dir', dataDir, '--listen', '127.0.0.1:0', '--database', url]),
    );
    try {
      const base = /running at (http:\/\/\S+) /.exec(started.stdout)![1]!;
      const login = await fetch(`${base}/api/1.3/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ u: 'admin', p: 'Adm1nPassw0rd!' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const origins = async () => {
        const res = await fetch(`${base}/api/1.3/origins`, { headers: { cookie } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { response: Array<{ name: string; deliveryServiceId: number }> }).response;
      };
      const before = await origins();
      expect(before.map((o) => o.name)).toEqual(['ds1', 'ds2', 'ds3']);
      const created = await fetch(`${base}/api/1.3/origins`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'on-pg',
          fqdn: 'on-pg.example.test',
          protocol: 'http',
          deliveryServiceId: before[0]!.deliveryServiceId,
        }),
      });
      expect(created.status).toBe(200);
      expect((await origins()).map((o) => o.name)).toEqual(['ds1', 'ds2', 'ds3', 'on-pg']);
      // The CLI's export sees the daemon's write (same database), and the daemon sees an import beside it.
      const exported = JSON.parse(ok(await cdnctl(['daemon', 'export', '--database', url])).stdout);
      expect(exported.origins.map((o: { name: string }) => o.name)).toEqual(['on-pg']);
      exported.origins.push({
        name: 'imported-beside',
        deliveryService: 'ds2',
        fqdn: 'beside.example.test',
        protocol: 'https',
      });
      ok(await cdnctl(['daemon', 'import', '--database', url, '-'], {}, JSON.stringify(exported)));
      expect((await origins()).map((o) => o.name)).toContain('imported-beside');
      expect((await fetch(`${base}/api/1.3/user/logout`, { method: 'POST', headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${base}/api/1.3/origins`, { headers: { cookie } })).status).toBe(401);
    } finally {
      ok(await cdnctl(['daemon', 'stop', '--data-dir', dataDir]));
    }
  }, 120_000);
});
