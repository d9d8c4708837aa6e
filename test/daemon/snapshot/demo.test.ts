import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshotFile, loadDemo } from '../../../daemon/services/snapshot/demo.js';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import type { SnapshotDocument } from '../../../daemon/store/snapshot-types.js';
import { passwordProblem } from '../../../shared/rules/users/password-quality.js';
import { verifyPassword } from '../../../daemon/services/auth/passwords.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { SEED_ROLES } from '../../../daemon/store/seed.js';
import { ADMIN_PASSWORD } from '../../helpers/app.js';
import { dumpTables, freshDb } from './helpers.js';

const demo = JSON.parse(readFileSync(demoSnapshotFile(), 'utf8')) as {
  users: Array<{ username: string; role: string; localPassword: string }>;
};

let db: Db;
let said: string[];
let exported: SnapshotDocument;
beforeAll(async () => {
  db = await freshDb();
  said = [];
  await loadDemo({ store: db, firstStart: true, say: (line) => said.push(line) });
  exported = await exportSnapshot(db);
});
afterAll(() => db.close());

describe('the bundled demo CDN', () => {
  it('has two CDNs, a dozen delivery services with primary origins, and secondary origins', () => {
    expect(exported.cdns).toHaveLength(2);
    expect(exported.deliveryServices.length).toBeGreaterThanOrEqual(12);
    expect(exported.deliveryServices.every((ds) => typeof ds.orgServerFqdn === 'string')).toBe(true);
    expect(new Set(exported.deliveryServices.map((ds) => ds.cdnName)).size).toBe(2);
    expect(exported.origins.length).toBeGreaterThan(0);
  });

  it('has a tenant tree three levels deep below root', () => {
    const parent = new Map(exported.tenants.map((t) => [t.name, t.parentName]));
    const depth = (name: string): number => (name === 'root' ? 0 : 1 + depth(parent.get(name)!));
    expect(Math.max(...exported.tenants.map((t) => depth(t.name)))).toBe(3);
  });

  it('has users in every role, with passwords that pass the quality rules', () => {
    expect(new Set(demo.users.map((u) => u.role))).toEqual(new Set(SEED_ROLES.map((r) => r[1])));
    for (const u of demo.users) expect(passwordProblem(u.localPassword, u.username), u.username).toBeNull();
  });

  it('has cache groups with coordinates, federations and past purge jobs', () => {
    expect(exported.cachegroups.filter((c) => c.coordinate)).toHaveLength(exported.cachegroups.length);
    expect(exported.federations.length).toBeGreaterThan(0);
    expect(exported.jobs.length).toBeGreaterThanOrEqual(3);
    for (const job of exported.jobs)
      expect(Date.parse(`${String(job.startTime).replace(' ', 'T')}Z`)).toBeLessThan(Date.now());
  });

  it('keeps maxRevalDurationDays at 90 on the GLOBAL profile', () => {
    const global = exported.profiles.find((p) => p.name === 'GLOBAL')!;
    expect(global.params).toContainEqual({
      name: 'maxRevalDurationDays',
      configFile: 'regex_revalidate.config',
      value: '90',
    });
  });

  it('prints every demo user with its password, and leaves admin with its first-start password', async () => {
    for (const u of demo.users)
      expect(said.some((line) => line.includes(u.username) && line.includes(u.localPassword))).toBe(true);
    const admin = db.prepare("SELECT local_passwd FROM users WHERE username = 'admin'").get() as {
      local_passwd: string;
    };
    expect(await verifyPassword(ADMIN_PASSWORD, admin.local_passwd)).toBe(true);
  });

  it('is not loaded on a later start: nothing changes and it says so', async () => {
    const before = dumpTables(db);
    const lines: string[] = [];
    await loadDemo({ store: db, firstStart: false, say: (line) => lines.push(line) });
    expect(lines).toEqual([
      '--demo: this data dir already has data, so the demo CDN was not loaded (it only loads into a new data dir)',
    ]);
    expect(dumpTables(db)).toEqual(before);
  });
});
