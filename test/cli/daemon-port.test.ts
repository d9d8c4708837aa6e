import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli } from '../helpers/cli.js';

// Issue 33 item 6: a port in use is named with --listen, and the admin password created before it is not lost.
let root: string;
let blocker: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cdnctl-port-'));
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  port = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('daemon start on a port in use', () => {
  it('names the port and --listen, and prints the admin password it created', async () => {
    const cli = new Cli({ configDir: join(root, 'config'), dataDir: join(root, 'data') });
    const env = { CDNCTL_DATA_DIR: undefined, CDNCTL_ADMIN_PASSWORD: undefined, XDG_DATA_HOME: join(root, 'share') };
    const start = await cli.run(
      ['daemon', 'start', '--data-dir', join(root, 'data'), '--listen', `127.0.0.1:${port}`],
      {
        env,
        timeoutMs: 30_000,
      },
    );
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`error: daemon did not start: port ${port} on 127.0.0.1 is already in use`);
    expect(start.stderr).toMatch(/hint: .*--listen 127\.0\.0\.1:0/);
    expect(start.stderr).not.toContain('EADDRINUSE');
    expect(start.stdout).toMatch(/^created user admin with password: \S+$/m);
  });
});
