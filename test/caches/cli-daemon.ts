import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../daemon/server.js';
import { importSnapshot } from '../../daemon/snapshot/import.js';
import { openDatabase } from '../../daemon/store/db.js';
import { seedDatabase } from '../../daemon/store/seed.js';
import { dataFiles } from '../../src/paths.js';
import type { CliDaemon } from '../cli/helpers/daemon.js';
import { CACHES_SNAPSHOT } from './helpers.js';

const CLI_SNAPSHOT = new URL('../cli/fixtures/cli.snapshot.json', import.meta.url);

/**
 * A real daemon on a loopback port over a temp data dir: the CLI fixture (cdn1, ds1-ds3) plus cdn1's caches
 * (MID group mid-cg over edge-cg1 and edge-cg2) and the `extension` and `ort_user` users.
 */
export async function startCachesDaemon(adminPassword: string): Promise<CliDaemon> {
  const root = mkdtempSync(join(tmpdir(), 'cdnctl-caches-'));
  const dataDir = join(root, 'data');
  const configDir = join(root, 'config');
  mkdirSync(dataDir, { mode: 0o700 });
  const db = openDatabase(dataFiles(dataDir).database);
  seedDatabase(db, Date.now());
  await importSnapshot(db, JSON.parse(readFileSync(CLI_SNAPSHOT, 'utf8')));
  await importSnapshot(db, JSON.parse(readFileSync(CACHES_SNAPSHOT, 'utf8')));
  db.close();
  const daemon = await serve({ dataDir, listen: '127.0.0.1:0', adminPassword, say: () => undefined, logger: false });
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
