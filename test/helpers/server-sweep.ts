import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The net under the watchdogs (server-guard.ts): a vitest global setup that, when a run starts and when it ends,
 * stops every throw-away cluster (`cdnctl-pg-*` in the temp dir) whose owning test process is dead, and removes
 * its files. A cluster of a live process (this run's, or another run's on the same machine) is left alone, and so
 * is a dir without an owner record (not one of ours to judge).
 */
export const CLUSTER_OWNER_FILE = 'owner.json';

/** Who started a cluster and how to stop it: written by pg-cluster.ts into the cluster's dir. */
export interface ClusterOwner {
  pid: number;
  pgCtl: string;
  uid?: number;
  gid?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(dir: string): ClusterOwner | null {
  try {
    return JSON.parse(readFileSync(join(dir, CLUSTER_OWNER_FILE), 'utf8')) as ClusterOwner;
  } catch {
    return null;
  }
}

/** Stops and removes the clusters of dead owners; answers their dirs. */
export function sweepClusters(root = tmpdir()): string[] {
  const swept: string[] = [];
  for (const name of readdirSync(root).filter((n) => n.startsWith('cdnctl-pg-'))) {
    const dir = join(root, name);
    const owner = ownerOf(dir);
    if (!owner || alive(owner.pid)) continue;
    const as = owner.uid === undefined ? {} : { uid: owner.uid, gid: owner.gid };
    spawnSync(owner.pgCtl, ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w'], {
      stdio: 'ignore',
      timeout: 30_000,
      ...as,
    });
    rmSync(dir, { recursive: true, force: true });
    swept.push(dir);
  }
  return swept;
}

/** vitest globalSetup: sweep now, and again at teardown. */
export default function setup(): () => void {
  sweepClusters();
  return () => {
    sweepClusters();
  };
}
