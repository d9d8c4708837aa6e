import { describe, expect, it } from 'vitest';
import { openTerminal } from './ui/helpers/tmux.js';
import { CDNCTL, cliEnv } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const { daemon, cli } = useCliDaemon();

describe('quiet success', () => {
  it('an interactive login leaves one line (who, where, where kept) and the keychain warning as one line, no form or hints', async () => {
    const terminal = openTerminal(
      [process.execPath, CDNCTL, 'login'],
      cliEnv(daemon, { CI: undefined, TERM: 'xterm-256color' }),
      160,
      30,
    );
    try {
      await terminal.waitFor(/Username\s*\n.*Password/);
      terminal.type('admin\r');
      await terminal.waitFor(/› Password/);
      terminal.type(`${PASSWORDS.admin}\r`);
      const screen = await terminal.waitFor('EXIT=0');
      const lines = screen
        .split('\n')
        .map((l) => l.trimEnd())
        .filter(Boolean);
      expect(lines, screen).toHaveLength(3);
      expect(lines[0]).toBe(
        'warning: no OS keychain available (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is unset); the session is kept in a file only you can read',
      );
      expect(lines[1]).toBe(
        `Logged in to ${daemon.url} as admin (admin); session kept in ${daemon.configDir}/sessions.json`,
      );
      expect(lines[2]).toBe('EXIT=0');
    } finally {
      terminal.close();
    }
  });

  it('writes say what happened in words; -o json keeps the record and the API alert', async () => {
    await cli.login('admin', PASSWORDS.admin);
    const created = await cli.run([
      'origins',
      'create',
      '--name',
      'ds3-words',
      '--fqdn',
      'words.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds3',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created origin ds3-words \(id \d+\) for ds3\n$/);
    expect(created.stderr).toBe('');
    const updated = await cli.run(['origins', 'update', 'ds3-words', '--port', '8080', '--protocol', 'https']);
    expect(updated.stdout).toMatch(/^Updated origin ds3-words \(id \d+\): port, protocol\n$/);
    const json = await cli.run([
      'origins',
      'create',
      '--name',
      'ds3-json',
      '--fqdn',
      'json.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds3',
      '-o',
      'json',
    ]);
    expect(json.stderr).toBe('origin was created.\n');
    expect(JSON.parse(json.stdout)).toMatchObject({ name: 'ds3-json', deliveryService: 'ds3' });
  });
});
