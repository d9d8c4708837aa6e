import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningDaemon } from '../../daemon/server.js';
import { Cli } from '../helpers/cli.js';
import { PASSWORDS } from '../helpers/cli-daemon.js';

let root: string;
let certFile: string;
let daemon: RunningDaemon;
let cli: Cli;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cdnctl-cli-tls-'));
  certFile = join(root, 'cert.pem');
  const keyFile = join(root, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const dataDir = join(root, 'data');
  daemon = await serve({
    dataDir,
    listen: '127.0.0.1:0',
    tlsCert: certFile,
    tlsKey: keyFile,
    adminPassword: PASSWORDS.admin,
    say: () => undefined,
    logger: false,
  });
  cli = new Cli({ configDir: join(root, 'config'), dataDir });
});
afterAll(async () => {
  await daemon.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a daemon behind a self-signed certificate', () => {
  it('is refused with exit 3 and a hint, and works once the certificate is trusted with NODE_EXTRA_CA_CERTS', async () => {
    const untrusted = await cli.run(['login', '--username', 'admin', '--password-stdin'], {
      input: PASSWORDS.admin,
      env: { NODE_EXTRA_CA_CERTS: undefined },
    });
    expect(untrusted.code).toBe(3);
    expect(untrusted.stderr).toContain(
      `error: cannot reach ${daemon.url}: its TLS certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)`,
    );
    expect(untrusted.stderr).toContain("hint: trust the server's certificate (or its CA) with NODE_EXTRA_CA_CERTS=");
    const trusted = await cli.run(['login', '--username', 'admin', '--password-stdin'], {
      input: PASSWORDS.admin,
      env: { NODE_EXTRA_CA_CERTS: certFile },
    });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stdout).toContain(`Logged in to ${daemon.url} as admin`);
    expect((await cli.run(['whoami'], { env: { NODE_EXTRA_CA_CERTS: certFile } })).code).toBe(0);
  });
});
