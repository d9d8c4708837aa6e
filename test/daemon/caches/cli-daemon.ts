import { CLI_SNAPSHOT, startCliDaemon, type CliDaemon } from '../../helpers/cli-daemon.js';
import { CACHES_SNAPSHOT } from './helpers.js';

/**
 * A real daemon on a loopback port over a temp data dir: the CLI fixture (cdn1, ds1-ds3) plus cdn1's caches
 * (MID group mid-cg over edge-cg1 and edge-cg2) and the `extension` and `ort_user` users.
 */
export function startCachesDaemon(adminPassword: string): Promise<CliDaemon> {
  return startCliDaemon({ adminPassword, snapshots: [CLI_SNAPSHOT, CACHES_SNAPSHOT], prefix: 'cdnctl-caches-' });
}
