import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../shared/client/servers.js';
import { Cli } from '../helpers/cli.js';
import { PASSWORDS, type CliDaemon } from '../helpers/cli-daemon.js';
import { startCachesDaemon } from '../daemon/caches/cli-daemon.js';

/**
 * Issue 30, the CLI: `servers create|update` with every 1.x field (flags or --from-file), the fields kept across
 * an update, and `servers assign|unassign <host> --ds …`, through the spawned CLI against a real daemon.
 */
let daemon: CliDaemon;
let cli: Cli;
let dir: string;

beforeAll(async () => {
  daemon = await startCachesDaemon(PASSWORDS.admin);
  cli = new Cli(daemon);
  await cli.login('admin', PASSWORDS.admin);
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-servers-'));
}, 60_000);
afterAll(async () => {
  await daemon?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const BASE = [
  '--domain',
  'cdn1.example.test',
  '--cachegroup',
  'edge-cg1',
  '--cdn',
  'cdn1',
  '--profile',
  'EDGE_PROFILE1',
  '--type',
  'EDGE',
  '--status',
  'REPORTED',
];

describe('cdnctl servers create/update with every field', () => {
  it('create takes the extra fields as flags and from a file; update keeps what it is not told', async () => {
    const file = join(dir, 'edge8.json');
    writeFileSync(file, JSON.stringify({ ipAddress: '192.0.2.8', rack: 'from-file', mgmtIpAddress: '10.1.0.8' }));
    const created = await cli.json<Server>([
      'servers',
      'create',
      'edge8',
      ...BASE,
      '--from-file',
      file,
      '--rack',
      'R8',
      '--ilo-ip',
      '10.0.0.8',
      '--ilo-password',
      'secret',
      '--xmpp-id',
      'edge8-x',
      '--router-host',
      'rtr8',
      '--router-port',
      'p8',
      '--netmask',
      '255.255.255.0',
      '--gateway',
      '192.0.2.1',
      '--mtu',
      '9000',
    ]);
    expect(created).toMatchObject({
      hostName: 'edge8',
      ipAddress: '192.0.2.8',
      rack: 'R8',
      mgmtIpAddress: '10.1.0.8',
      iloIpAddress: '10.0.0.8',
      iloPassword: 'secret',
      xmppId: 'edge8-x',
      routerHostName: 'rtr8',
      routerPortName: 'p8',
      ipNetmask: '255.255.255.0',
      interfaceMtu: 9000,
    });
    const updated = await cli.json<Server>(['servers', 'update', 'edge8', '--guid', 'g8']);
    expect(updated).toMatchObject({ guid: 'g8', rack: 'R8', xmppId: 'edge8-x', iloPassword: 'secret' });
    const xmpp = await cli.run(['servers', 'update', 'edge8', '--xmpp-id', 'other']);
    expect(xmpp.code).toBe(1);
    expect(xmpp.stderr).toContain('server cannot be updated due to requested XMPPID change. XMPIDD is immutable');
    const badFile = await cli.run(['servers', 'create', 'edge7', ...BASE, '--from-file', join(dir, 'missing.json')]);
    expect(badFile.code).toBe(2);
    expect(badFile.stderr).toContain('cannot read');
    const wide = await cli.run(['servers', 'list', '-o', 'wide', '--ds', 'ds1']);
    expect(wide.stdout.split('\n')[0]).toMatch(/LOCATION\s+RACK\s+AGENT ERROR$/);
  });

  it('assign and unassign link delivery services to a server, queueing an update on it', async () => {
    const dry = await cli.run(['servers', 'assign', 'edge8', '--ds', 'ds1', '--ds', 'ds3', '--dry-run']);
    expect([dry.code, dry.stdout]).toEqual([0, 'Would assign ds1, ds3\n']);
    expect((await cli.json<Server[]>(['servers', 'list', '--ds', 'ds3'])).map((s) => s.hostName)).not.toContain(
      'edge8',
    );
    const done = await cli.run(['servers', 'assign', 'edge8', '--ds', 'ds1', '--ds', 'ds3']);
    expect([done.code, done.stdout]).toEqual([0, 'Assigned ds1, ds3 to edge8\n']);
    expect(done.stderr).toContain('server assignments complete');
    expect((await cli.json<Server[]>(['servers', 'list', '--ds', 'ds3'])).map((s) => s.hostName)).toContain('edge8');
    expect((await cli.json<Server>(['servers', 'get', 'edge8'])).updPending).toBe(true);
    const again = await cli.run(['servers', 'assign', 'edge8', '--ds', 'ds1']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const mid = await cli.run(['servers', 'assign', 'mid1', '--ds', 'ds1']);
    expect(mid.code).toBe(1);
    expect(mid.stderr).toContain('only EDGE servers are assigned');
    const removed = await cli.run(['servers', 'unassign', 'edge8', '--ds', 'ds3']);
    expect([removed.code, removed.stdout]).toEqual([0, 'Removed ds3 from edge8\n']);
    expect((await cli.json<Server[]>(['servers', 'list', '--ds', 'ds3'])).map((s) => s.hostName)).not.toContain(
      'edge8',
    );
    expect((await cli.run(['servers', 'assign', 'edge8'])).code).toBe(2);
  });
});
