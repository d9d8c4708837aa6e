import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Parameter } from '../../shared/client/parameters.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';

/** Issue 31: `cdnctl profiles create|update|delete|copy|export|import` and `cdnctl params …`, spawned. */

const { cli } = useCliDaemon({ login: 'admin' });

describe('cdnctl profiles writes', () => {
  it('create, update, copy, export, import and delete a profile', async () => {
    const dry = await cli.run([
      'profiles',
      'create',
      '--name',
      'CLI_EDGE',
      '--description',
      'cli',
      '--cdn',
      'cdn1',
      '--type',
      'ATS_PROFILE',
      '--dry-run',
    ]);
    expect([dry.code, dry.stdout.trim()]).toEqual([0, 'Would create profile CLI_EDGE']);
    expect(await cli.json<unknown[]>(['profiles', 'list', '--name', 'CLI_EDGE'])).toEqual([]);
    const created = await cli.run([
      'profiles',
      'create',
      '--name',
      'CLI_EDGE',
      '--description',
      'cli',
      '--cdn',
      'cdn1',
      '--type',
      'ATS_PROFILE',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created profile CLI_EDGE \(id \d+\)\n$/);
    const updated = await cli.run(['profiles', 'update', 'CLI_EDGE', '--description', 'cli edge', '-o', 'json']);
    expect(JSON.parse(updated.stdout)).toMatchObject({ name: 'CLI_EDGE', description: 'cli edge' });
    expect((await cli.run(['profiles', 'copy', 'CLI_EDGE', 'CLI_COPY'])).stdout).toMatch(
      /^Copied profile CLI_EDGE to CLI_COPY/,
    );

    const exported = await cli.json<{ profile: { name: string } }>(['profiles', 'export', 'CLI_EDGE']);
    expect(exported.profile).toEqual({ name: 'CLI_EDGE', description: 'cli edge', cdn: 'cdn1', type: 'ATS_PROFILE' });
    const file = join(mkdtempSync(join(tmpdir(), 'cdnctl-profile-')), 'edge.json');
    writeFileSync(file, JSON.stringify(exported));
    const imported = await cli.run(['profiles', 'import', file, '--name', 'CLI_IMPORTED']);
    expect([imported.code, imported.stdout]).toEqual([
      0,
      'Profile imported [ CLI_IMPORTED ] with 0 new and 0 existing parameters\n',
    ]);

    const refused = await cli.run(['profiles', 'delete', 'CLI_EDGE']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to delete profile CLI_EDGE');
    const deleted = await cli.run(['profiles', 'delete', 'CLI_EDGE', '--yes']);
    expect([deleted.code, deleted.stdout]).toEqual([0, expect.stringMatching(/^Deleted profile CLI_EDGE/)]);
    const used = await cli.run(['profiles', 'delete', 'ORG_PROFILE1', '--yes']);
    expect(used.code).toBe(1);
    expect(used.stderr).toContain('cannot delete profile because it is being used by');
  });
});

describe('cdnctl params', () => {
  it('create, list, get, update, link, unlink and delete a parameter', async () => {
    const created = await cli.json<Parameter>([
      'params',
      'create',
      '--name',
      'cli.param',
      '--config-file',
      'records.config',
      '--value',
      'INT 1',
    ]);
    expect(created).toMatchObject({ name: 'cli.param', value: 'INT 1', secure: false });
    const listed = await cli.run(['params', 'list', '--name', 'cli.param']);
    expect(listed.stdout).toContain('cli.param');
    expect((await cli.json<Parameter[]>(['params', 'get', String(created.id)]))[0].id).toBe(created.id);
    const dry = await cli.run(['params', 'update', String(created.id), '--value', 'INT 2', '--dry-run']);
    expect(dry.stdout.trim()).toBe(`Would update parameter ${created.id}`);
    expect((await cli.run(['params', 'update', String(created.id), '--value', 'INT 2'])).code).toBe(0);
    expect((await cli.run(['params', 'link', String(created.id), 'ORG_PROFILE1'])).stdout).toBe(
      `Linked parameter ${created.id} to profile ORG_PROFILE1\n`,
    );
    const inUse = await cli.run(['params', 'delete', String(created.id), '--yes']);
    expect([inUse.code, inUse.stderr]).toEqual([1, expect.stringContaining('has profile associated')]);
    expect((await cli.run(['params', 'unlink', String(created.id), 'ORG_PROFILE1', '--yes'])).code).toBe(0);
    const deleted = await cli.run(['params', 'delete', String(created.id), '--yes']);
    expect([deleted.code, deleted.stdout]).toEqual([0, `Deleted parameter cli.param (id ${created.id})\n`]);
    const bad = await cli.run([
      'params',
      'create',
      '--name',
      'weight',
      '--config-file',
      'parent.config',
      '--value',
      'x',
    ]);
    expect([bad.code, bad.stderr]).toEqual([1, "error: 'parent.config weight' must be a valid float\n"]);
  });
});
