import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DsRequestRecord } from '../../shared/contract/ds-requests.js';
import { api, storedCookie } from '../helpers/cli.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

/** `cdnctl ds-requests list|create|status|assign|delete` against a real daemon (issue 31, §5.7). */

const { daemon, cli } = useCliDaemon({ login: 'admin' });
const files = mkdtempSync(join(tmpdir(), 'cdnctl-dsr-files-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));
let cookie: string;
let yaml: string;

const get = async <T>(path: string) =>
  (await api<{ response: T }>(daemon.url, `/api/1.5${path}`, cookie)).body.response;
const requests = () => get<DsRequestRecord[]>('/deliveryservice_requests');

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
  const [cdn] = await get<Array<{ id: number }>>('/cdns?name=cdn1');
  const [root] = await get<Array<{ id: number }>>('/tenants?name=root');
  yaml = join(files, 'proposed.yaml');
  writeFileSync(
    yaml,
    [
      'xmlId: cli-proposed',
      'displayName: Proposed',
      `cdnId: ${cdn.id}`,
      'type: HTTP',
      `tenantId: ${root.id}`,
      'orgServerFqdn: https://proposed.example.test',
      'active: true',
      'dscp: 0',
      'geoLimit: 0',
      'geoProvider: 0',
      'logsEnabled: false',
      'regionalGeoBlocking: false',
      'initialDispersion: 1',
      'ipv6RoutingEnabled: false',
      'protocol: 1',
      'missLat: 0',
      'missLong: 0',
      'multiSiteOrigin: false',
      'qstringIgnore: 0',
      'rangeRequestHandling: 0',
      '',
    ].join('\n'),
  );
});

describe('cdnctl ds-requests', () => {
  it('create --dry-run sends nothing; create files a draft; list shows it', async () => {
    const dry = await cli.json<{ dryRun: boolean; body: { status: string } }>([
      'ds-requests',
      'create',
      '-f',
      yaml,
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ dryRun: true, method: 'POST', path: '/deliveryservice_requests' });
    expect(dry.body.status).toBe('draft');
    expect(await requests()).toEqual([]);
    const res = await cli.run(['ds-requests', 'create', '-f', yaml]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Filed create request for cli-proposed \(id \d+, draft\)$/m);
    const table = await cli.run(['ds-requests', 'list']);
    expect(table.stdout).toMatch(/^\s*\d+\s+cli-proposed\s+create\s+draft\s+admin\s*$/m);
    const again = await cli.run(['ds-requests', 'create', '-f', yaml]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`error: an active request exists for Delivery Service 'cli-proposed'\n`);
  });

  it('status and assign move the request; their --dry-run changes nothing; a bad move is refused', async () => {
    const [r] = await requests();
    const dry = await cli.json<{ dryRun: boolean }>(['ds-requests', 'status', String(r.id), 'submitted', '--dry-run']);
    expect(dry.dryRun).toBe(true);
    expect((await requests())[0].status).toBe('draft');
    expect((await cli.run(['ds-requests', 'status', String(r.id), 'submitted'])).stdout).toContain(
      `Request ${r.id} is submitted`,
    );
    const back = await cli.run(['ds-requests', 'status', String(r.id), 'draft', '--api-version', '1.3']);
    expect(back.stdout).toContain(`Request ${r.id} is draft`);
    const refused = await cli.run(['ds-requests', 'status', String(r.id), 'complete']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('error: invalid transition from draft to complete\n');
    const assigned = await cli.run(['ds-requests', 'assign', String(r.id), 'admin']);
    expect(assigned.stdout).toContain(`Request ${r.id} is assigned to admin`);
    expect((await requests())[0].assignee).toBe('admin');
    await cli.run(['ds-requests', 'assign', String(r.id), 'none']);
    expect((await requests())[0].assignee).toBeUndefined();
  });

  it('delete asks for the id on a terminal, needs --yes elsewhere; --dry-run keeps it', async () => {
    const [r] = await requests();
    expect(await cli.json(['ds-requests', 'delete', String(r.id), '--dry-run'])).toMatchObject({ dryRun: true });
    expect((await cli.run(['ds-requests', 'delete', String(r.id)])).code).toBe(2);
    expect(await requests()).toHaveLength(1);
    const right = await runInTerminal(
      daemon,
      ['ds-requests', 'delete', String(r.id)],
      [{ expect: new RegExp(`Type "${r.id}" to confirm: `), send: `${r.id}\r` }],
    );
    expect(right.code).toBe(0);
    expect(await requests()).toEqual([]);
    const before = await cli.run(['ds-requests', 'list', '--api-version', '1.2']);
    expect(before.code).not.toBe(0);
  });
});
