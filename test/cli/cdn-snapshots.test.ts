import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrConfig, SnapshotDiff } from '../../shared/contract/crconfig.js';
import { Cli } from '../helpers/cli.js';
import { PASSWORDS, type CliDaemon } from '../helpers/cli-daemon.js';
import { startCachesDaemon } from '../daemon/caches/cli-daemon.js';

/** `cdnctl cdns snapshot|diff|publish` (issue 35), spawned against a real daemon with cdn1's caches. */
let daemon: CliDaemon;
let cli: Cli;

beforeAll(async () => {
  daemon = await startCachesDaemon(PASSWORDS.admin);
  cli = new Cli(daemon);
  await cli.login('admin', PASSWORDS.admin);
});
afterAll(() => daemon?.stop());

describe('cdnctl cdns snapshot, diff and publish', () => {
  it('shows a never-published CDN, diffs everything as added, and exits 1 with --exit-code', async () => {
    const snap = await cli.json<CrConfig>(['cdns', 'snapshot', 'cdn1']);
    expect(snap).toEqual({ stats: { tm_path: '/api/4.0/cdns/cdn1/snapshot' } });
    const diff = await cli.run(['cdns', 'diff', 'cdn1']);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain('CDN cdn1: never published');
    expect(diff.stdout).toContain('  contentServers\n    + edge1a\n    + edge1b\n');
    expect(diff.stdout).not.toContain('\u001b[');
    expect((await cli.run(['cdns', 'diff', 'cdn1', '--exit-code'])).code).toBe(1);
    const pending = await cli.json<CrConfig>(['cdns', 'snapshot', 'cdn1', '--pending']);
    expect(Object.keys(pending.contentServers ?? {})).toContain('edge1a');
  });

  it('publish asks first: refused off a terminal without --yes, --dry-run changes nothing', async () => {
    const refused = await cli.run(['cdns', 'publish', 'cdn1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to publish the configuration of cdn1 without confirmation');
    const dry = await cli.run(['cdns', 'publish', 'cdn1', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('    + edge1a');
    expect(dry.stdout.trim().split('\n').at(-1)).toBe('Would publish cdn1');
    expect(await cli.json<CrConfig>(['cdns', 'snapshot', 'cdn1'])).toEqual({
      stats: { tm_path: '/api/4.0/cdns/cdn1/snapshot' },
    });
  });

  it('publishes with --yes; then nothing is pending until the topology changes', async () => {
    const published = await cli.run(['cdns', 'publish', 'cdn1', '--yes']);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout.trim().split('\n').at(-1)).toBe('Published the configuration of cdn1');
    const shown = await cli.run(['cdns', 'snapshot', 'cdn1']);
    expect(shown.stdout).toMatch(/^CDN: +cdn1$/m);
    expect(shown.stdout).toMatch(/^contentServers: +5$/m);
    const clean = await cli.run(['cdns', 'diff', 'cdn1', '--exit-code']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('No pending changes');
    const again = await cli.run(['cdns', 'publish', 'cdn1', '--yes']);
    expect(again.stdout.trim().split('\n').at(-1)).toBe('Nothing to publish.');

    const moved = await cli.run(['cachegroups', 'update', 'edge-cg1', '--latitude', '5']);
    expect(moved.code, moved.stderr).toBe(0);
    const diff = await cli.json<SnapshotDiff>(['cdns', 'diff', 'cdn1']);
    expect(diff.pending).toBe(true);
    expect(diff.crconfig.edgeLocations).toEqual({ added: [], removed: [], changed: ['edge-cg1'] });
    expect(diff.monitoring.cacheGroups.changed).toEqual(['edge-cg1']);
    const text = await cli.run(['cdns', 'diff', 'cdn1']);
    expect(text.stdout).toContain('  edgeLocations\n    ~ edge-cg1');
    const still = await cli.json<CrConfig>(['cdns', 'snapshot', 'cdn1']);
    expect(still.edgeLocations?.['edge-cg1'].latitude).toBe(41);
  });
});
