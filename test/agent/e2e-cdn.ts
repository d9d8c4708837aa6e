import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { importSnapshot } from '../../daemon/services/snapshot/import.js';
import { bootstrap } from '../../daemon/services/auth/bootstrap.js';
import { openDatabase } from '../../daemon/store/sqlite/db.js';
import { dataFiles } from '../../shared/paths.js';
import { CDNCTL, cliEnv, type CliDirs } from '../helpers/cli.js';
import { guardChild } from '../helpers/server-guard.js';
import { PASSWORDS } from '../daemon/security/fixture.js';

/*
 * The one-CDN setup of the end-to-end test (issue 16): cdn1 (domain cdn.test) with the MID cache group
 * mid-east over the EDGE cache group edge-east, mid-01 and edge-01 listening on the ports their ATS uses, one
 * delivery service `demo` (cdn.demo.cdn.test) on a loopback origin, and an ORT login per cache. The same
 * snapshot a user would import with `cdnctl daemon import`.
 */

export const ORT_PASSWORD = '0rtCachePassw0rd!';
export const DS_HOST = 'cdn.demo.cdn.test';

const param = (name: string, configFile: string, value: string) => ({ name, configFile, value });

/** Records that keep each ATS small, and its cache in `<root>/cache` (storage.config). */
function profile(name: string, atsRoot: string) {
  return {
    name,
    description: `${name} caches`,
    type: 'ATS_PROFILE',
    cdnName: 'cdn1',
    params: [
      param('CONFIG proxy.config.url_remap.remap_required', 'records.config', 'INT 1'),
      param('CONFIG proxy.config.reverse_proxy.enabled', 'records.config', 'INT 1'),
      param('CONFIG proxy.config.http.cache.http', 'records.config', 'INT 1'),
      param('CONFIG proxy.config.http.insert_response_via_str', 'records.config', 'INT 2'),
      param('CONFIG proxy.config.exec_thread.autoconfig', 'records.config', 'INT 0'),
      param('CONFIG proxy.config.exec_thread.limit', 'records.config', 'INT 1'),
      param('CONFIG proxy.config.http.parent_proxy.retry_time', 'records.config', 'INT 5'),
      param('Drive_Prefix', 'storage.config', `${atsRoot}/`),
      param('Drive_Letters', 'storage.config', 'cache'),
      param('Drive_Size', 'storage.config', '64M'),
    ],
  };
}

export interface CdnPorts {
  edge: number;
  mid: number;
  origin: number;
}

/** The snapshot of the one CDN. */
export function oneCdnSnapshot(ports: CdnPorts, roots: { edge: string; mid: string }) {
  const server = (hostName: string, type: string, cachegroup: string, tcpPort: number, profileName: string) => ({
    hostName,
    domainName: 'cdn.test',
    ipAddress: '127.0.0.1',
    tcpPort,
    type,
    status: 'REPORTED',
    cachegroup,
    cdnName: 'cdn1',
    profile: profileName,
  });
  const user = (username: string, role: string, password: string) => ({
    username,
    email: `${username}@example.test`,
    fullName: username,
    role,
    tenant: 'root',
    localPassword: password,
  });
  return {
    cdns: [{ name: 'cdn1', domainName: 'cdn.test', dnssecEnabled: false }],
    coordinates: [{ name: 'coord1', latitude: 41.0, longitude: -87.0 }],
    cachegroups: [
      { name: 'mid-east', shortName: 'mide', type: 'MID_LOC', coordinate: 'coord1' },
      { name: 'edge-east', shortName: 'edgee', type: 'EDGE_LOC', coordinate: 'coord1', parentCachegroup: 'mid-east' },
    ],
    profiles: [profile('MID_ATS', roots.mid), profile('EDGE_ATS', roots.edge)],
    users: [user('ort-mid-01', 'ort', ORT_PASSWORD), user('ort-edge-01', 'ort', ORT_PASSWORD)],
    deliveryServices: [
      {
        xmlId: 'demo',
        displayName: 'Demo',
        longDesc: 'Demo',
        active: true,
        cdnName: 'cdn1',
        type: 'HTTP',
        tenant: 'root',
        protocol: '0',
        routingName: 'cdn',
        orgServerFqdn: `http://origin.test:${ports.origin}`,
        qstringIgnore: '0',
        rangeRequestHandling: '0',
        geoLimit: '0',
        geoProvider: '0',
        dscp: '0',
        initialDispersion: '1',
        ipv6RoutingEnabled: false,
        logsEnabled: false,
        missLat: '41.0',
        missLong: '-87.0',
        multiSiteOrigin: false,
        regionalGeoBlocking: false,
        signed: false,
        deepCachingType: 'NEVER',
      },
    ],
    servers: [
      // Each cache's ORT login is its agent: only it checks in for the cache and reads its key files (issue 28).
      { ...server('mid-01', 'MID', 'mid-east', ports.mid, 'MID_ATS'), agents: ['ort-mid-01'] },
      {
        ...server('edge-01', 'EDGE', 'edge-east', ports.edge, 'EDGE_ATS'),
        deliveryServices: ['demo'],
        agents: ['ort-edge-01'],
      },
      // A stand-by EDGE (no ATS runs for it): it takes the service while edge-01 is OFFLINE.
      {
        ...server('edge-02', 'EDGE', 'edge-east', ports.edge, 'EDGE_ATS'),
        status: 'OFFLINE',
        offlineReason: 'stand-by',
        deliveryServices: ['demo'],
      },
    ],
  };
}

/** A data dir with the first-start records (admin) and the snapshot. */
export async function prepareCdnDataDir(dataDir: string, snapshot: unknown): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(dataFiles(dataDir).database);
  try {
    await bootstrap(db, Date.now(), PASSWORDS.admin);
    await importSnapshot(db, snapshot as Parameters<typeof importSnapshot>[1]);
  } finally {
    db.close();
  }
}

/** A long-running `cdnctl agent run` whose stderr lines are kept with the time each arrived. */
export interface AgentProcess {
  child: ChildProcess;
  lines: Array<{ at: number; text: string }>;
  /** The time of the first line at or after `since` that matches, or null. */
  firstAfter(since: number, pattern: RegExp): number | null;
  stop(): Promise<void>;
}

export function spawnAgent(dirs: CliDirs, args: string[], env: Record<string, string>): AgentProcess {
  const child = spawn(process.execPath, [CDNCTL, 'agent', 'run', ...args], {
    env: cliEnv(dirs, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  guardChild(child);
  const lines: AgentProcess['lines'] = [];
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) lines.push({ at: Date.now(), text });
  });
  child.stdout!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    lines,
    firstAfter: (since, pattern) => lines.find((l) => l.at >= since && pattern.test(l.text))?.at ?? null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
