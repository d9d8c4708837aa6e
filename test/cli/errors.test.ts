import { describe, expect, it } from 'vitest';
import { useCliDaemon } from '../helpers/cli-daemon.js';
import { deadPort } from '../helpers/ports.js';

const { daemon, cli } = useCliDaemon({ login: 'ro_user' });

describe('exit codes', () => {
  it('1: an API error prints one line with its alert text', async () => {
    const result = await cli.run(['users', 'ds-available', '424242']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'error: user not found\n' });
  });

  it('2: unknown commands, unknown flags and bad choices are usage errors', async () => {
    const unknownCommand = await cli.run(['origin', 'list']);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain("error: unknown command 'origin'");
    expect((await cli.run(['origins', 'list', '--colour'])).code).toBe(2);
    const format = await cli.run(['origins', 'list', '-o', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('Allowed choices are table, json, yaml, wide');
    expect((await cli.run(['origins', 'list', '--api-version', '2.0'])).code).toBe(2);
  });

  it('3: a server that does not answer', async () => {
    const port = await deadPort();
    const result = await cli.run(['whoami', '--server', `http://127.0.0.1:${port}`], {
      env: { CDNCTL_SESSION: 'mojolicious=abc' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `error: cannot reach http://127.0.0.1:${port}: connection refused\nhint: is the server running? (cdnctl daemon status, or check --server)\n`,
    );
    const reset = await cli.run([
      'reset-password',
      '--email',
      'a@example.test',
      '--server',
      `http://127.0.0.1:${port}`,
    ]);
    expect(reset.code).toBe(3);
  });

  it('4: a session the server does not know', async () => {
    const result = await cli.run(['origins', 'list'], { env: { CDNCTL_SESSION: 'mojolicious=forged' } });
    expect(result.code).toBe(4);
  });

  it('5: a read-only user asking for a write', async () => {
    const result = await cli.run(['users', 'register', '--email', 'someone@example.test', '--role', 'read-only']);
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: Forbidden.\nhint: your role or tenant does not allow this\n');
  });

  it('1: a server that is not a Traffic Ops API says so', async () => {
    const result = await cli.run([
      'reset-password',
      '--email',
      'a@example.test',
      '--server',
      `${daemon.url}/not-an-api`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: The requested path');
  });
});
