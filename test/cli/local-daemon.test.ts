import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli } from '../helpers/cli.js';

// The commands run as a user would: no CDNCTL_DATA_DIR, the platform data dir inside a temp home.
let root: string;
let cli: Cli;
let dataDir: string;
let env: Record<string, string | undefined>;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cdnctl-local-'));
  dataDir = join(root, 'elsewhere', 'data');
  cli = new Cli({ configDir: join(root, 'config'), dataDir: join(root, 'unused') });
  env = { CDNCTL_DATA_DIR: undefined, XDG_DATA_HOME: join(root, 'share'), CDNCTL_ADMIN_PASSWORD: 'Adm1nPassw0rd!' };
});
afterAll(async () => {
  await cli.run(['daemon', 'stop', '--data-dir', dataDir], { env });
  rmSync(root, { recursive: true, force: true });
});

describe('the local daemon is found where it was started', () => {
  it('with no daemon anywhere, the hint names --data-dir and CDNCTL_DATA_DIR (exit 3)', async () => {
    const none = await cli.run(['origins', 'list'], { env });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('error: no server to talk to');
    expect(none.stderr).toMatch(/hint: .*--data-dir DIR.*CDNCTL_DATA_DIR=DIR/);
  });

  it('after daemon start --data-dir D, later commands without CDNCTL_DATA_DIR talk to that daemon', async () => {
    const start = await cli.run(['daemon', 'start', '--data-dir', dataDir, '--listen', '127.0.0.1:0'], {
      env,
      timeoutMs: 30_000,
    });
    expect(start.code).toBe(0);
    const config = JSON.parse(readFileSync(join(root, 'config', 'config.json'), 'utf8'));
    expect(config.localDataDir).toBe(dataDir);
    const { url } = JSON.parse(readFileSync(join(dataDir, 'daemon.json'), 'utf8')) as { url: string };
    // Found: the daemon answers, and only a session is missing (4, not 3).
    const list = await cli.run(['origins', 'list'], { env });
    expect(list.stderr).toContain(`error: not logged in to ${url}`);
    expect(list.code).toBe(4);
    const login = await cli.run(['login', '--username', 'admin', '--password-stdin'], { env, input: 'Adm1nPassw0rd!' });
    expect(login.code).toBe(0);
    expect((await cli.run(['origins', 'list'], { env })).code).toBe(0);
    const status = await cli.run(['daemon', 'status'], { env });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`running at ${url}`);
  });

  it('once that daemon is stopped, plain commands no longer go to its data dir: they use the default again', async () => {
    const stop = await cli.run(['daemon', 'stop'], { env });
    expect(stop.stdout).toBe('cdnctl daemon stopped\n');
    const fallback = join(root, 'share', 'cdnctl');
    expect(stop.stderr).toBe(`commands without --data-dir use ${fallback} again (not ${dataDir})\n`);
    const config = JSON.parse(readFileSync(join(root, 'config', 'config.json'), 'utf8'));
    expect(config.localDataDir).toBeUndefined();
    const list = await cli.run(['origins', 'list'], { env });
    expect(list.code).toBe(3);
    expect(list.stderr).not.toContain(dataDir);
    expect(list.stderr).toContain(`looked in ${fallback}`);
    const status = await cli.run(['daemon', 'status'], { env });
    expect(status.code).toBe(3);
    expect(status.stderr).toContain(`no daemon is running for ${fallback}`);
  });
});
