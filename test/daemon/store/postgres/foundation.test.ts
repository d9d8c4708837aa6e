import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePg } from '../../../../daemon/store/postgres/migrate.js';
import { migrationsFor } from '../../../../daemon/store/migrations.js';
import { openPgPool, redactDatabaseUrl, type PgPool } from '../../../../daemon/store/postgres/pool.js';
import { pgDataVersion } from '../../../../daemon/store/postgres/versions.js';
import { inTransaction } from '../../../../daemon/store/postgres/transaction.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster.stop());

async function pools(url: string, n: number): Promise<PgPool[]> {
  return Array.from({ length: n }, () => openPgPool(url, { max: 2 }));
}

describe('PostgreSQL migrations', () => {
  it('several daemons starting at once migrate the database once', async () => {
    const url = await cluster.createDatabase();
    const all = await pools(url, 4);
    const reached = await Promise.all(all.map((p) => migratePg(p)));
    expect(reached).toEqual(all.map(() => migrationsFor('postgres').length));
    const { rows } = await all[0]!.query('SELECT version FROM cdnctl_migrations ORDER BY version');
    expect(rows.map((r: { version: number }) => r.version)).toEqual(migrationsFor('postgres').map((_m, i) => i + 1));
    await Promise.all(all.map((p) => p.end()));
  });

  it('refuses a database migrated by a newer cdnctl', async () => {
    const url = await cluster.createDatabase();
    const [pool] = await pools(url, 1);
    await migratePg(pool!);
    await pool!.query('INSERT INTO cdnctl_migrations (version) VALUES ($1)', [migrationsFor('postgres').length + 1]);
    await expect(migratePg(pool!)).rejects.toThrow(/newer than this cdnctl knows/);
    await pool!.end();
  });
});

describe('PostgreSQL data versions', () => {
  it('a write on one connection moves the version another connection reads next; sessions move nothing', async () => {
    const url = await cluster.createDatabase();
    const [a, b] = await pools(url, 2);
    await migratePg(a!);
    const versionOnB = pgDataVersion(b!);
    const before = await versionOnB(['cdns']);
    const contentBefore = await versionOnB(null);
    await inTransaction(a!, (c) =>
      c.query("INSERT INTO cdns (name, domain_name, last_updated) VALUES ('x', 'x.test', 0)"),
    );
    expect(await versionOnB(['cdns'])).not.toBe(before);
    expect(await versionOnB(['origins'])).toBe(await versionOnB(['origins']));
    const afterCdn = await versionOnB(null);
    expect(afterCdn).not.toBe(contentBefore);
    expect(await versionOnB(['no_such_table'])).toMatch(/^w/);
    await a!.end();
    await b!.end();
  });

  it('announces a committed write on cdnctl_table_versions', async () => {
    const url = await cluster.createDatabase();
    const [pool] = await pools(url, 1);
    await migratePg(pool!);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    await listener.query('LISTEN cdnctl_table_versions');
    const heard = new Promise<string>((resolve) => listener.on('notification', (n) => resolve(n.payload ?? '')));
    await pool!.query("INSERT INTO cdns (name, domain_name, last_updated) VALUES ('y', 'y.test', 0)");
    expect(await heard).toBe('cdns');
    await listener.end();
    await pool!.end();
  });
});

describe('database URLs', () => {
  it('never shows the password', () => {
    expect(redactDatabaseUrl('postgres://cdn:s3cret@db.example:5432/cdnctl?sslpassword=x')).toBe(
      'postgres://cdn:***@db.example:5432/cdnctl?sslpassword=***',
    );
  });
});
