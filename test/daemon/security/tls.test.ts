import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { connect } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserRecord } from '../../../shared/contract/users.js';
import { serve, type RunningDaemon } from '../../../daemon/server.js';
import { call, tempRoot } from '../reliability/child-daemon.js';
import { PASSWORDS } from './fixture.js';

/**
 * The daemon over real TLS with a self-signed certificate made at test time: the session cookie is Secure, the
 * API works, plain HTTP and old TLS versions get no answer, and the body limit holds for a streamed body.
 */

let root: string;
let daemon: RunningDaemon;
let cert: Buffer;
let agent: Agent;

beforeAll(async () => {
  root = tempRoot('tls');
  const certFile = join(root, 'cert.pem');
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
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(certFile);
  daemon = await serve({
    dataDir: join(root, 'data'),
    listen: '127.0.0.1:0',
    tlsCert: certFile,
    tlsKey: keyFile,
    adminPassword: PASSWORDS.admin,
    say: () => undefined,
    logger: false,
  });
  // The certificate is the only one trusted: the connection is verified, not merely encrypted.
  agent = new Agent({ connect: { ca: cert } });
});
afterAll(async () => {
  await agent?.close();
  await daemon?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the daemon behind its own TLS certificate', () => {
  it('serves https and marks the session cookie Secure, HttpOnly and SameSite=Lax', async () => {
    expect(daemon.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const res = await call(agent, `${daemon.url}/api/1.3/user/login`, {
      method: 'POST',
      body: { u: 'admin', p: PASSWORDS.admin },
    });
    expect(res.status).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^mojolicious=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; Max-Age=21600; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const cookie = setCookie.split(';')[0];
    const me = await call(agent, `${daemon.url}/api/1.3/user/current`, { cookie });
    expect(me.status).toBe(200);
    expect(me.json<{ response: CurrentUserRecord }>().response.username).toBe('admin');
    const out = await call(agent, `${daemon.url}/api/1.3/user/logout`, { method: 'POST', cookie });
    expect(String(out.headers['set-cookie'])).toMatch(/^mojolicious=; .*Max-Age=0; HttpOnly; SameSite=Lax; Secure$/);
    expect((await call(agent, `${daemon.url}/api/1.3/user/current`, { cookie })).status).toBe(401);
  });

  it('gives plain HTTP on the TLS port no answer', async () => {
    const plain = daemon.url.replace('https:', 'http:');
    const plainAgent = new Agent({ headersTimeout: 5000, bodyTimeout: 5000 });
    try {
      await expect(
        request(`${plain}/api/1.3/ping`, { dispatcher: plainAgent, signal: AbortSignal.timeout(5000) }),
      ).rejects.toThrow();
    } finally {
      await plainAgent.close();
    }
  });

  it('refuses TLS older than 1.2', async () => {
    const port = Number(new URL(daemon.url).port);
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({
        host: '127.0.0.1',
        port,
        ca: cert,
        servername: 'localhost',
        minVersion: 'TLSv1',
        maxVersion: 'TLSv1.1',
      });
      socket.once('secureConnect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err) => resolve(`refused: ${err.message}`));
      socket.setTimeout(5000, () => {
        socket.destroy();
        resolve('timeout');
      });
    });
    expect(outcome).toMatch(/^refused/);
  });

  it('answers 413 with an alert to a streamed body over 1 MiB without a Content-Length', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const body = new Readable({
      read() {
        // 2 MiB at most, then the end: the daemon refuses before reading it all.
        if (sent >= 32) this.push(null);
        else {
          sent++;
          this.push(chunk);
        }
      },
    });
    const res = await request(`${daemon.url}/api/1.3/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(15_000),
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toEqual({
      alerts: [{ text: 'request body is too large: the limit is 1 MiB', level: 'error' }],
    });
  });
});
