import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryService } from '../../shared/client/deliveryservices.js';
import type { Job } from '../../shared/client/jobs.js';
import { formatTimestamp } from '../../shared/time.js';
import { api, storedCookie } from '../helpers/cli.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon({ login: 'ops_user' });
let cookie: string;

beforeAll(async () => {
  cookie = storedCookie(daemon.configDir, `ops_user@${daemon.url}`)!;
});

const jobs = async () =>
  (await api<{ response: Job[] }>(daemon.url, '/api/1.2/user/current/jobs.json', cookie)).body.response;

describe('cdnctl purge', () => {
  it('--dry-run resolves the xmlId, shows the asset URL and expiry, and sends nothing', async () => {
    const before = (await jobs()).length;
    // An hour ago, on the whole hour: within the two days the server accepts.
    const startMs = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
    const start = formatTimestamp(startMs);
    const expires = formatTimestamp(startMs + 24 * 3_600_000);
    const result = await cli.run([
      'purge',
      '--ds',
      'ds2',
      '--regex',
      '/images/.*',
      '--ttl',
      '24',
      '--start',
      start,
      '--dry-run',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('dry run: nothing was sent');
    expect(result.stdout).toMatch(/^Asset URL:\s+https:\/\/ds2-origin\.example\.test:8443\/images\/\.\*$/m);
    expect(result.stdout).toContain(`Expires:          ${expires} UTC`);
    const plan = await cli.json([
      'purge',
      '--ds',
      'ds2',
      '--regex',
      '/images/.*',
      '--ttl',
      '24',
      '--start',
      start,
      '--dry-run',
    ]);
    expect(plan).toMatchObject({
      dryRun: true,
      xmlId: 'ds2',
      assetUrl: 'https://ds2-origin.example.test:8443/images/.*',
      startTime: start,
      expiresAt: expires,
      matchesEverything: false,
    });
    expect(await jobs()).toHaveLength(before);
  });

  it('creates the job: what happened in words (the API alert with -o json), and jobs list shows it', async () => {
    const result = await cli.run(['purge', '--ds', 'ds1', '--regex', '/images/.*', '--ttl', '24']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Created purge job \d+ for ds1: http:\/\/ds1-origin\.example\.test\/images\/\.\*, active from \S+ \S+ until \S+ \S+ UTC\n$/,
    );
    expect(result.stderr).not.toContain('Invalidate content request submitted');
    const json = await cli.run(['purge', '--ds', 'ds1', '--regex', '/images2/.*', '--ttl', '24', '-o', 'json']);
    expect(json.stderr).toContain(
      'Invalidate content request submitted for ds1 [ http://ds1-origin.example.test/images2/.* - TTL:24h ]',
    );
    expect(result.stderr).toMatch(/Asset URL: http:\/\/ds1-origin\.example\.test\/images\/\.\*/);
    const listed = await cli.json<Job[]>(['jobs', 'list']);
    expect(listed).toEqual(await jobs());
    expect(listed[0]).toMatchObject({
      dsXmlId: 'ds1',
      assetUrl: 'http://ds1-origin.example.test/images2/.*',
      parameters: 'TTL:24h',
      keyword: 'PURGE',
    });
    const table = await cli.run(['jobs', 'list', '--keyword', 'PURGE']);
    expect(table.stdout).toMatch(/^ID\s+DS\s+ASSET URL\s+PARAMETERS\s+START\s+STATUS$/m);
    expect(table.stdout).toContain('TTL:24h');
  });

  it('off a terminal, a regex matching everything is refused without --yes (exit 2), and sent with it', async () => {
    const before = (await jobs()).length;
    const refused = await cli.run(['purge', '--ds', 'ds3', '--regex', '/.*', '--ttl', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error: the regex "/.*" matches every path: it revalidates ALL content of ds3');
    expect(refused.stderr).toContain('hint: pass --yes to confirm');
    expect(await jobs()).toHaveLength(before);
    const confirmed = await cli.run(['purge', '--ds', 'ds3', '--regex', '/.*', '--ttl', '1', '--yes']);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stderr).toMatch(/warning: .*all content/i);
    expect(await jobs()).toHaveLength(before + 1);
  });

  it('on a terminal, asks for the xmlId typed before purging everything (as Ink and the portal do)', async () => {
    const before = (await jobs()).length;
    const declined = await runInTerminal(
      daemon,
      ['purge', '--ds', 'ds3', '--regex', '/.*', '--ttl', '2'],
      [{ expect: /Type "ds3" to purge everything of it: $/, send: 'y\r' }],
    );
    expect(declined.code).toBe(1);
    expect(declined.output).toContain('purge cancelled; nothing was sent');
    expect(await jobs()).toHaveLength(before);
    const accepted = await runInTerminal(
      daemon,
      ['purge', '--ds', 'ds3', '--regex', '/.*', '--ttl', '2'],
      [{ expect: /Type "ds3" to purge everything of it: $/, send: 'ds3\r' }],
    );
    expect(accepted.code).toBe(0);
    expect(await jobs()).toHaveLength(before + 1);
  });

  it('reports bad input: unknown delivery service (1), API validation (1), bad --ttl or --start (2)', async () => {
    const unknown = await cli.run(['purge', '--ds', 'nope', '--regex', '/a', '--ttl', '1']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: delivery service "nope" not found');
    const tooLong = await cli.run(['purge', '--ds', 'ds1', '--regex', '/a', '--ttl', '5000']);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toMatch(/^error: ttl: cannot exceed 2160\n/);
    const noSlash = await cli.run(['purge', '--ds', 'ds1', '--regex', 'images', '--ttl', '1']);
    expect(noSlash.code).toBe(1);
    expect(noSlash.stderr).toMatch(/^error: regex: must start with '\/'\n/);
    expect((await cli.run(['purge', '--ds', 'ds1', '--regex', '/a', '--ttl', 'soon'])).code).toBe(2);
    const badStart = await cli.run(['purge', '--ds', 'ds1', '--regex', '/a', '--ttl', '1', '--start', 'tomorrow']);
    expect(badStart.stderr).not.toContain('Expires');
    expect(badStart.code).toBe(2);
    expect(badStart.stderr).toContain('--start "tomorrow" is not a time');
  });

  it('accepts an id for --ds and an RFC 3339 --start', async () => {
    const [ds1] = await cli.json<DeliveryService[]>(['ds', 'list', '--xml-id', 'ds1']);
    const start = new Date(Date.now() + 3_600_000);
    const result = await cli.run([
      'purge',
      '--ds',
      String(ds1.id),
      '--regex',
      '/css/.*',
      '--ttl',
      '3',
      '--start',
      start.toISOString(),
    ]);
    expect(result.code).toBe(0);
    expect((await jobs()).find((j) => j.assetUrl.endsWith('/css/.*'))?.startTime).toBe(
      formatTimestamp(Math.floor(start.getTime() / 1000) * 1000),
    );
  });

  it("validates with the server's rules before any preview: a bad regex, a TTL out of range and a past start, all in one message", async () => {
    const before = (await jobs()).length;
    for (const extra of [[], ['--dry-run']]) {
      const bad = await cli.run([
        'purge',
        '--ds',
        'ds1',
        '--regex',
        '/a(b',
        '--ttl',
        '9000',
        '--start',
        '2020-01-01 00:00:00',
        ...extra,
      ]);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).not.toMatch(/Expires|Asset URL|dry run/);
      expect(bad.stderr).toMatch(
        /^error: regex: is not a valid regular expression: .*; ttl: cannot exceed 2160; startTime: cannot be more than two days in the past\n/,
      );
      expect(bad.stderr).toContain('hint: nothing was sent');
    }
    expect(await jobs()).toHaveLength(before);
  });

  it('names every missing required flag in one message (exit 2), and --help lists the required flags first, marked', async () => {
    const none = await cli.run(['purge']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('error: missing required flags: --ds, --regex, --ttl\nhint: see: cdnctl purge --help\n');
    const some = await cli.run(['purge', '--ds', 'ds1']);
    expect(some.stderr).toContain('error: missing required flags: --regex, --ttl\n');
    const help = await cli.run(['purge', '--help']);
    const options = help.stdout
      .slice(help.stdout.indexOf('Options:'))
      .split('\n')
      .filter((line) => /^  -/.test(line))
      .slice(0, 4);
    expect(options.map((line) => line.trim().split(/\s+/)[0])).toEqual(['--ds', '--regex', '--ttl', '--start']);
    expect(options.map((line) => line.includes('(required)'))).toEqual([true, true, true, false]);
    const create = await cli.run(['origins', 'create', '--name', 'x']);
    expect(create.code).toBe(2);
    expect(create.stderr).toContain('error: missing required flags: --fqdn, --protocol, --ds\n');
  });
});
