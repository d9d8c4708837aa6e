import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDNCTL, cliEnv } from '../../helpers/cli.js';

/**
 * `cdnctl daemon start --foreground --demo`: stdout is the JSON log stream, one object a line; the demo users'
 * passwords and the generated admin password are said on stderr only (finding 8 of issue 19: they were mixed
 * into the JSON stream, where log shippers would keep them).
 */

const DEMO = JSON.parse(
  readFileSync(new URL('../../../daemon/services/snapshot/demo.snapshot.json', import.meta.url), 'utf8'),
) as {
  users: { localPassword?: string }[];
};

describe('daemon start --foreground', () => {
  it('keeps passwords out of the JSON log on stdout', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cdnctl-fg-'));
    const dataDir = join(root, 'data');
    const child = spawn(
      process.execPath,
      [CDNCTL, 'daemon', 'start', '--foreground', '--demo', '--data-dir', dataDir, '--listen', '127.0.0.1:0'],
      {
        env: cliEnv({ dataDir, configDir: join(root, 'config') }, { CDNCTL_ADMIN_PASSWORD: undefined }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const deadline = Date.now() + 30_000;
      while (!stderr.includes('listening at') && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 50));
      expect(stderr, stdout).toContain('listening at');
      const url = (JSON.parse(readFileSync(join(dataDir, 'daemon.json'), 'utf8')) as { url: string }).url;
      await fetch(`${url}/api/1.3/ping`).then((r) => r.text());
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await exited;
      const lines = stdout.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const passwords = DEMO.users.flatMap((u) => (u.localPassword ? [u.localPassword] : []));
      const admin = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
      expect(passwords.length).toBeGreaterThan(0);
      for (const secret of [...passwords, admin]) {
        expect(stdout).not.toContain(secret);
        expect(stderr).toContain(secret);
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      if (existsSync(root)) rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
