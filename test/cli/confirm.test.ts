import { describe, expect, it } from 'vitest';
import type { FederationUserRecord } from '../../shared/contract/catalog.js';
import type { OriginRecord } from '../../shared/contract/origins.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });

const names = async (name: string) =>
  (await cli.json<OriginRecord[]>(['origins', 'list', '--name', name])).map((o: { name: string }) => o.name);

async function createOrigin(name: string): Promise<void> {
  const created = await cli.run([
    'origins',
    'create',
    '--name',
    name,
    '--fqdn',
    `${name}.example.test`,
    '--protocol',
    'http',
    '--ds',
    'ds3',
  ]);
  expect(created.code).toBe(0);
}

describe('destructive commands ask first', () => {
  it('off a terminal, origins delete without --yes is a usage error (exit 2) and deletes nothing', async () => {
    await createOrigin('ds3-keep');
    const refused = await cli.run(['origins', 'delete', 'ds3-keep']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error: refusing to delete origin ds3-keep \(id \d+\) of ds3 without confirmation/);
    expect(refused.stderr).toContain('hint: pass --yes to confirm, or --dry-run to see what would happen');
    expect(await names('ds3-keep')).toEqual(['ds3-keep']);
  });

  it('--dry-run says what would be deleted, exits 0 and deletes nothing', async () => {
    const dry = await cli.run(['origins', 'delete', 'ds3-keep', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Would delete origin ds3-keep \(id \d+\) of ds3\n$/);
    expect(dry.stderr).toBe('dry run: nothing was changed\n');
    expect(await names('ds3-keep')).toEqual(['ds3-keep']);
  });

  it('on a terminal, a wrong name cancels (exit 1); typing the name deletes and says so in words', async () => {
    const wrong = await runInTerminal(
      daemon,
      ['origins', 'delete', 'ds3-keep'],
      [{ expect: /Type "ds3-keep" to confirm: /, send: 'ds3\r' }],
    );
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('cancelled; nothing was changed');
    expect(await names('ds3-keep')).toEqual(['ds3-keep']);
    const right = await runInTerminal(
      daemon,
      ['origins', 'delete', 'ds3-keep'],
      [{ expect: /Type "ds3-keep" to confirm: /, send: 'ds3-keep\r' }],
    );
    expect(right.code).toBe(0);
    expect(right.output.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(
      /warning: this will delete origin ds3-keep \(id \d+\) of ds3; it cannot be undone/,
    );
    expect(right.output).toMatch(/Deleted origin ds3-keep \(id \d+\) of ds3/);
    expect(right.output).not.toContain('origin was deleted.');
    expect(await names('ds3-keep')).toEqual([]);
  });

  it('federations users remove and add --replace need --yes off a terminal (exit 2)', async () => {
    expect((await cli.run(['federations', 'users', 'add', 'fed1.example.test.', 'ops_user'])).code).toBe(0);
    const remove = await cli.run(['federations', 'users', 'remove', 'fed1.example.test.', 'ops_user']);
    expect(remove.code).toBe(2);
    expect(remove.stderr).toContain(
      'refusing to remove user ops_user from federation fed1.example.test. without confirmation',
    );
    const replace = await cli.run(['federations', 'users', 'add', 'fed1.example.test.', 'ro_user', '--replace']);
    expect(replace.code).toBe(2);
    const listed = await cli.json<FederationUserRecord[]>(['federations', 'users', 'list', 'fed1.example.test.']);
    expect(listed.map((u: { username: string }) => u.username)).toEqual(['ops_user']);
    const removed = await cli.run(['federations', 'users', 'remove', 'fed1.example.test.', 'ops_user', '--yes']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('Removed user ops_user from federation fed1.example.test.\n');
  });
});
