import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli } from '../helpers/cli.js';
import { deadPort } from '../helpers/ports.js';
import { runInTerminal } from '../helpers/terminal.js';

let root: string;
let cli: Cli;
let dead: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cdnctl-unreachable-'));
  cli = new Cli({ configDir: join(root, 'config'), dataDir: join(root, 'data') });
  dead = `http://127.0.0.1:${await deadPort()}`;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an unreachable server is said first', () => {
  it('--server http://127.0.0.1:1 origins list exits 3 (unreachable), not 4 (not logged in)', async () => {
    const result = await cli.run(['--server', 'http://127.0.0.1:1', 'origins', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: cannot reach http:\/\/127\.0\.0\.1:1: connection refused\n/);
    expect(result.stderr).not.toContain('not logged in');
  });

  it('login off a terminal exits 3 before reading a password', async () => {
    const result = await cli.run(['login', '--server', dead, '--username', 'admin', '--password-stdin'], {
      input: 'secret',
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`error: cannot reach ${dead}`);
  });

  it('login on a terminal exits 3 without asking for a username or password', async () => {
    const result = await runInTerminal(cli.dirs, ['login', '--server', dead]);
    expect(result.code).toBe(3);
    expect(result.output).toContain(`cannot reach ${dead}`);
    expect(result.output).not.toMatch(/Username|Password/);
  });
});
