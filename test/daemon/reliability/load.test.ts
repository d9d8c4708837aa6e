import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryServiceRecord } from '../../../shared/contract/deliveryservices.js';
import type { JobRecord } from '../../../shared/contract/jobs.js';
import type { OriginRecord } from '../../../shared/contract/origins.js';
import { dataFiles } from '../../../shared/paths.js';
import { PASSWORDS } from '../security/fixture.js';
import { call, loginOver, prepareDataDir, startChildDaemon, tempRoot, type ChildDaemon } from './child-daemon.js';

/**
 * 200 concurrent connections of mixed reads and writes against a real daemon: every answer is a 200, no request
 * fails or times out, and every acknowledged write is there afterwards. The default suite runs a 3 s smoke of
 * this path; `npm run test:soak` runs it for 20 s (CDNCTL_SOAK_SECONDS sets any length).
 */

const CONNECTIONS = 200;
const DURATION_MS = soakSeconds() * 1000;

function soakSeconds(): number {
  const given = process.env.CDNCTL_SOAK_SECONDS;
  if (given === undefined || given === '') return 3;
  const seconds = Number(given);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`CDNCTL_SOAK_SECONDS must be a positive number, not ${JSON.stringify(given)}`);
  return seconds;
}

let root: string;
let dataDir: string;
let daemon: ChildDaemon;

beforeAll(async () => {
  root = tempRoot('load');
  dataDir = join(root, 'data');
  await prepareDataDir(dataDir);
  daemon = await startChildDaemon(dataDir, { serve: { logger: false } });
});
afterAll(async () => {
  await daemon?.kill();
  rmSync(root, { recursive: true, force: true });
});

describe('load', () => {
  it(
    `serves ${CONNECTIONS} concurrent connections of mixed reads and writes for ${DURATION_MS / 1000} s without a failure or a lost write`,
    { timeout: DURATION_MS + 100_000 },
    async () => {
      const agent = new Agent({ connections: CONNECTIONS, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 });
      const admin = await loginOver(agent, daemon.url, 'admin', PASSWORDS.admin);
      const ops = await loginOver(agent, daemon.url, 'ops_user', PASSWORDS.ops_user);
      const ds = (await call(agent, `${daemon.url}/api/1.3/deliveryservices`, { cookie: admin })).json<{
        response: DeliveryServiceRecord[];
      }>().response;
      const ds1 = Number(ds.find((d) => d.xmlId === 'ds1')!.id);
      const api = `${daemon.url}/api/1.3`;

      const origins = new Set<number>();
      const jobs = new Set<number>();
      const failures: string[] = [];
      let requests = 0;
      const reads = [
        `${api}/origins?deliveryservice=${ds1}&limit=20`,
        `${api}/users`,
        `${api}/deliveryservices`,
        `${api}/user/current`,
        `${api}/user/current/jobs?keyword=PURGE`,
        `${api}/cdns/cdn1/configfiles/ats/regex_revalidate.config`,
        `${api}/profiles`,
        `${api}/ping`,
      ];
      const stopAt = Date.now() + DURATION_MS;

      const client = async (c: number) => {
        const cookie = c % 2 === 0 ? admin : ops;
        for (let n = 0; Date.now() < stopAt && n < 100_000; n++) {
          const kind = (c + n) % 10;
          let what = '';
          try {
            if (kind === 0) {
              what = 'POST origins';
              const res = await call(agent, `${api}/origins`, {
                method: 'POST',
                cookie,
                body: {
                  name: `load-${c}-${n}`,
                  fqdn: `l${c}n${n}.example.test`,
                  protocol: 'http',
                  deliveryServiceId: ds1,
                },
                timeoutMs: 60_000,
              });
              if (res.status === 200) origins.add(res.json<{ response: OriginRecord }>().response.id);
              else failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
            } else if (kind === 1 || kind === 2) {
              what = 'POST jobs';
              const res = await call(agent, `${api}/user/current/jobs`, {
                method: 'POST',
                cookie,
                body: { dsId: ds1, regex: `/load/${c}/${n}/.*`, startTime: new Date().toISOString(), ttl: 1 },
                timeoutMs: 60_000,
              });
              if (res.status === 200) jobs.add(Number(res.json<{ response: JobRecord }>().response.id));
              else failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
            } else {
              what = `GET ${reads[(c + n) % reads.length]}`;
              const res = await call(agent, reads[(c + n) % reads.length], { cookie, timeoutMs: 60_000 });
              if (res.status !== 200) failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
            }
          } catch (err) {
            failures.push(`${what}: ${(err as Error).message}`);
          }
          requests++;
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => client(c)));
      console.info(
        `load: ${requests} requests in ${DURATION_MS / 1000} s over ${CONNECTIONS} connections; ${origins.size} origins and ${jobs.size} purge jobs written`,
      );

      expect(failures.slice(0, 20), `${failures.length} of ${requests} requests failed`).toEqual([]);
      expect(requests).toBeGreaterThanOrEqual(CONNECTIONS);
      expect(origins.size).toBeGreaterThan(0);
      expect(jobs.size).toBeGreaterThan(0);

      // Every acknowledged write is served back and stored.
      const served = (await call(agent, `${api}/origins?deliveryservice=${ds1}`, { cookie: admin })).json<{
        response: OriginRecord[];
      }>().response;
      const servedIds = new Set(served.map((o) => o.id));
      expect([...origins].filter((id) => !servedIds.has(id))).toEqual([]);
      const db = new Database(dataFiles(dataDir).database, { readonly: true });
      try {
        const storedJobs = new Set(db.prepare('SELECT id FROM jobs').pluck().all() as number[]);
        expect([...jobs].filter((id) => !storedJobs.has(id))).toEqual([]);
      } finally {
        db.close();
      }
      await agent.close();
    },
  );
});
