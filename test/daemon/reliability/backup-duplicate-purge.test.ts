import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { bootstrap } from '../../../daemon/services/auth/bootstrap.js';
import { PASSWORDS, startCliDaemon, type CliDaemon } from '../../helpers/cli-daemon.js';
import { runCdnctl } from '../../helpers/cli.js';
import { STORE_KINDS, openKindStore } from '../../helpers/store-kinds.js';
import { goldenSnapshotHashed } from '../snapshot/helpers.js';

/*
 * Issue 28, finding 4: a state the API reaches in ordinary use (the same purge posted twice, the second answered
 * with a "duplicate" warning) must survive `cdnctl daemon export --with-hashes | cdnctl daemon import -` into an
 * empty data dir, and export again unchanged.
 */

let daemon: CliDaemon;
let empty: string;
beforeAll(async () => {
  daemon = await startCliDaemon({ prefix: 'cdnctl-backup-dup-' });
  empty = mkdtempSync(join(tmpdir(), 'cdnctl-backup-empty-'));
});
afterAll(async () => {
  await daemon?.stop();
  rmSync(empty, { recursive: true, force: true });
});

async function login(): Promise<string> {
  const res = await fetch(`${daemon.url}/api/1.4/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ u: 'admin', p: PASSWORDS.admin }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function postPurge(cookie: string, startTime: string): Promise<{ status: number; levels: string[] }> {
  const res = await fetch(`${daemon.url}/api/1.4/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ deliveryService: 'ds1', regex: '/videos/.*\\.mp4', startTime, ttl: 24 }),
  });
  const body = (await res.json()) as { alerts: Array<{ level: string; text: string }> };
  return { status: res.status, levels: body.alerts.map((a) => `${a.level}: ${a.text}`) };
}

describe('a backup after a duplicate purge (issue 28, finding 4)', () => {
  it('exports with hashes, imports into an empty data dir and exports again unchanged', async () => {
    const cookie = await login();
    const start = new Date(Date.now() + 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    expect((await postPurge(cookie, start)).status).toBe(200);
    const second = await postPurge(cookie, start);
    expect(second.status).toBe(200);
    expect(second.levels.some((l) => l.startsWith('warning: Invalidation request duplicate found'))).toBe(true);

    const dirs = { dataDir: daemon.dataDir, configDir: daemon.configDir };
    const exported = await runCdnctl(dirs, ['daemon', 'export', '--with-hashes', '--data-dir', daemon.dataDir], {
      timeoutMs: 60_000,
    });
    expect(exported.code).toBe(0);
    const target = join(empty, 'data');
    const imported = await runCdnctl(dirs, ['daemon', 'import', '-', '--data-dir', target], {
      input: exported.stdout,
      timeoutMs: 60_000,
    });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('jobs: 2 created');
    const again = await runCdnctl(dirs, ['daemon', 'export', '--with-hashes', '--data-dir', target], {
      timeoutMs: 60_000,
    });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(exported.stdout);
  });
});

describe.each(STORE_KINDS)('[%s] restored jobs keep their ids', (kind) => {
  it('two jobs of the same purge import with their ids, and the next purge gets a fresh id', async () => {
    const s = await openKindStore(kind);
    try {
      await bootstrap(s.store, Date.now(), 'Adm1nPassw0rd!');
      await importSnapshot(s.store, await goldenSnapshotHashed());
      const job = {
        deliveryService: 'ds1',
        username: 'admin',
        regex: '/a/.*',
        ttl: 24,
        startTime: '2026-11-21 13:00:00',
      };
      const summary = await importSnapshot(s.store, {
        jobs: [
          { id: 41, ...job },
          { id: 42, ...job },
        ],
      });
      expect(summary.jobs).toEqual({ created: 2, updated: 0, unchanged: 0 });
      const exported = (await exportSnapshot(s.store)).jobs;
      expect(exported.map((j) => j.id)).toEqual([41, 42]);
      const ds1 = (await s.store.deliveryServices.byXmlId('ds1'))!;
      const admin = (await s.store.users.byUsername('admin'))!;
      const next = await s.store.jobs.insertPurge({
        assetUrl: String(exported[0].assetUrl),
        ttlHours: 1,
        startTime: Date.now(),
        enteredTime: Date.now(),
        userId: admin.id,
        deliveryServiceId: ds1.id,
      });
      expect(next.id).toBe(43);
    } finally {
      await s.store.close();
    }
  }, 60_000);
});
