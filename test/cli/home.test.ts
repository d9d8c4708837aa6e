import { beforeAll, describe, expect, it } from 'vitest';
import { openTerminal } from './ui/helpers/tmux.js';
import { CDNCTL, cliEnv } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon();

beforeAll(async () => {
  await cli.login('admin', PASSWORDS.admin, ['--server', daemon.url]);
  await cli.run(['config', 'set-context', 'here', '--server', daemon.url]);
});

describe('global flags alone open the home screen on a terminal', () => {
  for (const args of [
    ['--server', '__URL__'],
    ['--context', 'here'],
    ['--context=here', '--no-color'],
  ]) {
    it(`cdnctl ${args.join(' ')}`, async () => {
      const argv = args.map((a) => a.replace('__URL__', daemon.url));
      // Ink draws its frames only outside CI.
      const terminal = openTerminal(
        [process.execPath, CDNCTL, ...argv],
        cliEnv(daemon, { CI: undefined, TERM: 'xterm-256color' }),
        100,
        30,
      );
      try {
        const screen = await terminal.waitFor(/Signed in as admin[\s\S]*Delivery services/);
        expect(screen).toContain(`Server ${daemon.url}`);
        expect(screen).not.toContain('Usage: cdnctl');
        terminal.type('q');
        await terminal.waitFor('EXIT=0');
      } finally {
        terminal.close();
      }
    });
  }

  it('off a terminal the same flags print help (exit 0), as cdnctl alone does', async () => {
    const result = await cli.run(['--server', daemon.url]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: cdnctl');
  });
});
