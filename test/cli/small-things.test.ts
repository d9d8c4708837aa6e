// The built cdnctl against a real daemon: the small things of issue 33 item 8 — --filter says it matches whole
// values, a profile name in the wrong case is named with a hint, federation names work without their trailing
// period, and the completion scripts get delivery services, hosts and job ids from the server.
import { describe, expect, it } from 'vitest';
import { CLI_SNAPSHOT, useCliDaemon } from '../helpers/cli-daemon.js';

const CACHES = new URL('../fixtures/caches.snapshot.json', import.meta.url);
const { cli } = useCliDaemon({ login: 'admin', snapshots: [CLI_SNAPSHOT, CACHES] });

describe('cdnctl small things (issue 33 item 8)', () => {
  it('--filter F=V that keeps nothing says it matches the whole value and names the F~V that would match', async () => {
    const exact = await cli.run(['origins', 'list', '--filter', 'deliveryService=ds']);
    expect(exact.code).toBe(0);
    expect(exact.stderr).toMatch(/hint: --filter FIELD=VALUE matches the whole value \(any case\)/);
    expect(exact.stderr).toMatch(/--filter 'deliveryService~ds' matches \d+ rows? containing it/);
    const loose = await cli.run(['origins', 'list', '--filter', 'deliveryService~ds']);
    expect(loose.stdout).toContain('ds1-secondary');
    expect(loose.stderr).not.toContain('hint:');
  });

  it('profiles parameters with the wrong case names the profile and the name it meant', async () => {
    const wrong = await cli.run(['profiles', 'parameters', 'org_profile1']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('profile "org_profile1" not found');
    expect(wrong.stderr).toContain('hint: profile names are case-sensitive: did you mean ORG_PROFILE1?');
    const unknown = await cli.run(['profiles', 'parameters', 'NO_SUCH']);
    expect(unknown.stderr).toContain('profile "NO_SUCH" not found');
    expect(unknown.stderr).toContain('cdnctl profiles list');
  });

  it('federation names work without their trailing period: get, and create stores the period', async () => {
    const shown = await cli.json<Array<{ cname: string }>>(['federations', 'get', 'fed1.example.test']);
    expect(shown[0]?.cname).toBe('fed1.example.test.');
    const dry = await cli.json<{ body: { cname: string } }>([
      'federations',
      'create',
      '--cdn',
      'cdn1',
      '--cname',
      'nodot.fed.example.test',
      '--ttl',
      '60',
      '--dry-run',
    ]);
    expect(dry.body.cname).toBe('nodot.fed.example.test.');
  });

  it('completion values: delivery services, hosts and job ids from the server; the scripts ask for them', async () => {
    const lines = async (args: string[]) =>
      (await cli.run(['__complete', '--', ...args])).stdout.split('\n').filter(Boolean);
    expect(await lines(['ds get'])).toEqual(expect.arrayContaining(['ds1', 'ds2', 'ds3']));
    expect(await lines(['purge', '--ds'])).toEqual(expect.arrayContaining(['ds1']));
    expect(await lines(['servers get'])).toEqual(expect.arrayContaining(['edge1a', 'mid1']));
    const purge = await cli.run(['purge', '--ds', 'ds1', '--regex', '/c/.*', '--ttl', '1', '-o', 'json']);
    const id = /"id":\s*"?(\d+)/.exec(purge.stdout)?.[1];
    expect(id).toBeDefined();
    expect(await lines(['jobs get'])).toContain(id);
    expect(await lines(['origins list'])).toEqual([]);
    const bash = await cli.run(['completion', 'bash']);
    expect(bash.stdout).toContain('cdnctl __complete -- "$path" "$prev"');
    const help = await cli.run(['--help']);
    expect(help.stdout).not.toContain('__complete');
  });
});
