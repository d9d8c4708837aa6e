import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/cdnctl', import.meta.url));

describe('cdnctl writing to a reader that went away', () => {
  it('exits 0 without a stack trace when stdout is closed early (cdnctl --help | head -1)', async () => {
    const child = spawn(process.execPath, [BIN, 'daemon', '--help'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // Read one chunk, then close our end as `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js/);
    expect(code).toBe(0);
  });
});
