import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../../daemon/server.js';
import { importSnapshot } from '../../../daemon/snapshot/import.js';
import { openDatabase } from '../../../daemon/store/db.js';
import { seedDatabase } from '../../../daemon/store/seed.js';
import { dataFiles } from '../../../src/paths.js';

export const PASSWORDS = {
  admin: 'Adm1nPassw0rd!',
  ro_user: 'R3adOnlyPassw0rd',
  ops_user: '0psUserPassw0rd',
  tenanta_user: '0psUserPassw0rd',
} as const;

export interface CliDaemon {
  url: string;
  root: string;
  dataDir: string;
  configDir: string;
  stop(): Promise<void>;
}

const SNAPSHOT = new URL('../fixtures/cli.snapshot.json', import.meta.url);

/**
 * A real daemon on a random loopback port over a temp data dir loaded with the CLI fixture snapshot (cdn1,
 * tenant-a, ds1-ds3, one secondary origin, fed1, four users); its daemon.json is what the CLI finds.
 */
export async function startCliDaemon(): Promise<CliDaemon> {
  const root = mkdtempSync(join(tmpdir(), 'cdnctl-cli-'));
  const dataDir = join(root, 'data');
  const configDir = join(root, 'config');
  mkdirSync(dataDir, { mode: 0o700 });
  const db = openDatabase(dataFiles(dataDir).database);
  seedDatabase(db, Date.now());
  await importSnapshot(db, JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  db.close();
  const daemon = await serve({ dataDir, listen: '127.0.0.1:0', adminPassword: PASSWORDS.admin, say: () => undefined, logger: false });
  return {
    url: daemon.url,
    root,
    dataDir,
    configDir,
    async stop() {
      await daemon.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
