import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { newMasterKey } from '../../daemon/services/vault/master-key.js';
import { prepareDataDir, startChildDaemon, tempRoot, type ChildDaemon } from '../daemon/reliability/child-daemon.js';
import { startBalancer, type Balancer } from './haproxy.js';
import { startPgCluster, type PgCluster } from './pg-cluster.js';

/**
 * Several daemons (child processes running dist/daemon/main.js, each with a data dir of its own) on one
 * PostgreSQL database of a throw-away cluster, behind HAProxy: what README "Running several daemons" describes,
 * on loopback. Every daemon gets the same vault master key (CDNCTL_VAULT_KEY), as the README says they must.
 */
export interface DaemonCluster {
  pg: PgCluster;
  databaseUrl: string;
  balancer: Balancer;
  /** The daemons by HAProxy server name (`d1`, `d2`, ...); null while one is down. */
  daemons: Map<string, ChildDaemon | null>;
  /** SIGKILLs daemon `name`. */
  kill(name: string): Promise<void>;
  /** Starts daemon `name` again on its data dir and database; resolves once it answers ping. */
  restart(name: string): Promise<ChildDaemon>;
  stop(): Promise<void>;
}

export async function startDaemonCluster(count: number, options: { pg?: PgCluster } = {}): Promise<DaemonCluster> {
  const root = tempRoot('cluster');
  const pg = options.pg ?? (await startPgCluster());
  const databaseUrl = await pg.createDatabase('cluster');
  await prepareDataDir(join(root, 'setup'), databaseUrl);
  // The URL goes in the environment, as `cdnctl daemon start --database` hands it over (never in argv).
  const env = { CDNCTL_VAULT_KEY: newMasterKey().toString('base64'), CDNCTL_DATABASE_URL: databaseUrl };
  const names = Array.from({ length: count }, (_, i) => `d${i + 1}`);
  const start = (name: string) => {
    const dataDir = join(root, name);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return startChildDaemon(dataDir, { serve: { logger: false }, env });
  };
  const daemons = new Map<string, ChildDaemon | null>();
  // One after another: the first migrates (under the advisory lock either way) and the next find it done.
  for (const name of names) daemons.set(name, await start(name));
  const ports = new Map(names.map((name) => [name, Number(new URL(daemons.get(name)!.url).port)]));
  let balancer: Balancer;
  try {
    balancer = await startBalancer(
      root,
      names.map((name) => ({ name, host: '127.0.0.1', port: ports.get(name)! })),
    );
  } catch (err) {
    for (const d of daemons.values()) await d?.kill();
    throw err;
  }
  return {
    pg,
    databaseUrl,
    balancer,
    daemons,
    async kill(name) {
      await daemons.get(name)?.kill();
      daemons.set(name, null);
    },
    async restart(name) {
      const old = daemons.get(name);
      if (old) throw new Error(`${name} is running`);
      // HAProxy's server keeps its address: the daemon must come back on the same port.
      const d = await startChildDaemon(join(root, name), {
        serve: { logger: false, listen: `127.0.0.1:${ports.get(name)}` },
        env,
      });
      daemons.set(name, d);
      return d;
    },
    async stop() {
      await balancer.stop();
      for (const d of daemons.values()) await d?.kill();
      if (!options.pg) pg.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
