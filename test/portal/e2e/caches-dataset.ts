import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GOLDEN_SNAPSHOT } from './daemon.js';

// The caches' data set of the portal's e2e runs (issue 33): the golden snapshot, the caches fixture (two MIDs, five
// EDGEs in two cache groups, the ort_user that checks in for them) and nine more EDGEs in a third cache group, so
// the Servers page has sixteen rows (the "48 identical blue buttons").

const CACHES_SNAPSHOT = fileURLToPath(new URL('../../fixtures/caches.snapshot.json', import.meta.url));
export const ORT_PASSWORD = '0rtUserPassw0rd!';
export const EXTRA_EDGES = 9;

type Doc = Record<string, Array<Record<string, unknown>>>;

function extraEdges(): Doc {
  const servers = Array.from({ length: EXTRA_EDGES }, (_, i) => ({
    hostName: `edge-chicago-${String(i + 1).padStart(2, '0')}`,
    agents: ['ort_user'],
    domainName: 'cdn1.example.test',
    ipAddress: '127.0.0.1',
    type: 'EDGE',
    status: 'REPORTED',
    cachegroup: 'edge-cg-chicago-downtown',
    cdnName: 'cdn1',
    profile: 'EDGE_PROFILE1',
    deliveryServices: ['ds1'],
  }));
  const cachegroups = [
    {
      name: 'edge-cg-chicago-downtown',
      shortName: 'chi',
      type: 'EDGE_LOC',
      coordinate: 'coord1',
      parentCachegroup: 'mid-cg',
    },
  ];
  return { servers, cachegroups };
}

/** Writes golden + caches (+ the extra EDGEs) as one snapshot document into `dir` and answers its path. */
export function writeCachesSnapshot(dir: string): string {
  const golden = JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8')) as Doc;
  const caches = JSON.parse(readFileSync(CACHES_SNAPSHOT, 'utf8')) as Doc;
  const extra = extraEdges();
  const doc: Doc = { ...golden };
  for (const part of [caches, extra])
    for (const [key, list] of Object.entries(part)) doc[key] = [...(doc[key] ?? []), ...list];
  const path = join(dir, 'caches.snapshot.json');
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

/** Logs in as the caches' agent user (ort_user) and answers its session cookie. */
export async function ortCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/1.3/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ u: 'ort_user', p: ORT_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`ort_user login: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * A cache checks in as its agent does: GET update_status (the pass starts), then `POST /update/:host` with the
 * flags it has left pending (false: it applied everything).
 */
export async function agentCheckIn(url: string, cookie: string, host: string, pending = false): Promise<void> {
  const status = await fetch(`${url}/api/1.3/servers/${host}/update_status`, { headers: { cookie } });
  if (status.status !== 200) throw new Error(`update_status of ${host}: ${status.status}`);
  const readTime = status.headers.get('x-cdnctl-read-time');
  await status.arrayBuffer();
  const form = new URLSearchParams({
    updated: String(pending),
    reval_updated: String(pending),
    ...(readTime ? { reval_started: readTime } : {}),
  });
  const res = await fetch(`${url}/update/${host}`, {
    method: 'POST',
    headers: { cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (res.status !== 200) throw new Error(`check-in of ${host}: ${res.status} ${await res.text()}`);
}
