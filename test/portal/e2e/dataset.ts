import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_SNAPSHOT } from './daemon.js';

// The operator data set of the portal's e2e run: the golden snapshot plus 10,000 origins (a grid that must stay
// fast) and purge jobs spread over the last 30 days by three users (the dashboard's charts, everyone's jobs).

export const ORIGIN_COUNT = 10_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const seedTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

const DS = [
  { xmlId: 'ds1', tenant: 'root', users: ['admin', 'ops_user'] },
  { xmlId: 'ds2', tenant: 'tenant-a', users: ['admin', 'tenanta_user'] },
  { xmlId: 'ds3', tenant: 'root', users: ['ops_user'] },
];

function origins(): Array<Record<string, unknown>> {
  const list = [];
  for (let i = 1; i <= ORIGIN_COUNT; i++) {
    const ds = DS[i % DS.length];
    list.push({
      name: `grid-origin-${pad(i, 5)}`,
      fqdn: `o${pad(i, 5)}.${ds.xmlId}.grid-origins.example.test`,
      protocol: i % 2 === 0 ? 'https' : 'http',
      port: i % 5 === 0 ? 8443 : null,
      deliveryService: ds.xmlId,
      tenant: ds.tenant,
    });
  }
  return list;
}

/**
 * Jobs: one to four a day for 30 days, and three still active that end within the next 24 hours (two of them the
 * admin's, so that they show even where the portal lists only the caller's own jobs).
 */
function jobs(now: number): Array<Record<string, unknown>> {
  const list = [];
  for (let day = 0; day < 30; day++) {
    const perDay = 1 + (day % 4);
    for (let k = 0; k < perDay; k++) {
      const ds = DS[(day + k) % DS.length];
      list.push({
        deliveryService: ds.xmlId,
        regex: `/day${day}/asset${k}/.*\\.jpg`,
        startTime: seedTime(now - day * DAY - (k + 1) * HOUR),
        ttl: 24,
        username: ds.users[k % ds.users.length],
      });
    }
  }
  for (const [i, hoursLeft] of [3, 9, 20].entries()) {
    const ds = DS[i];
    list.push({
      deliveryService: ds.xmlId,
      regex: `/expiring/${hoursLeft}h/.*`,
      startTime: seedTime(now - (48 - hoursLeft) * HOUR),
      ttl: 48,
      username: ds.users[0],
    });
  }
  return list;
}

/** Writes the data set as a snapshot document into `dir` and answers its path. */
export function writeOperatorSnapshot(dir: string, now = Date.now()): string {
  const golden = JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8')) as Record<string, unknown[]>;
  const path = join(dir, 'operator.snapshot.json');
  writeFileSync(path, JSON.stringify({ ...golden, origins: [...golden.origins, ...origins()], jobs: jobs(now) }));
  return path;
}
