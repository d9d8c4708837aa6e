import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../../shared/contract/logs.js';
import { api, storedCookie } from '../helpers/cli.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';

/** `cdnctl log`: the change log as GET logs answers it, with --days, --limit and --user. */

const { daemon, cli } = useCliDaemon({ login: 'admin' });

describe('cdnctl log', () => {
  it('prints the entries GET logs answers, newest first', async () => {
    const cookie = storedCookie(daemon.configDir, `admin@${daemon.url}`)!;
    const printed = await cli.json<LogRecord[]>(['log']);
    expect(printed).toEqual((await api(daemon.url, '/api/1.1/logs', cookie)).body.response);
    expect(printed[0]).toMatchObject({
      level: 'LOGIN',
      user: 'admin',
      message: expect.stringMatching(/ACTION: Logged in$/),
    });
  });

  it('narrows by --user, --limit and --days', async () => {
    const mine = await cli.json<LogRecord[]>(['log', '--user', 'admin']);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((e: { user: string }) => e.user))).toEqual(new Set(['admin']));
    expect(await cli.json(['log', '--user', 'nobody-at-all'])).toEqual([]);
    expect(await cli.json(['log', '--limit', '1'])).toHaveLength(1);
    expect((await cli.json<LogRecord[]>(['log', '--days', '1'])).length).toBeGreaterThan(0);
  });

  it('shows a table, and refuses a bad number in one line', async () => {
    const table = await cli.run(['log']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0].split(/\s{2,}/)).toEqual(['TIME', 'USER', 'LEVEL', 'MESSAGE']);
    const bad = await cli.run(['log', '--days', 'x']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim().split('\n')[0]).toMatch(/--days/);
  });
});
