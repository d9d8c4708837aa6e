import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningDaemon } from '../../../daemon/server.js';
import { dataFiles } from '../../../shared/paths.js';
import { call, loginOver, tempRoot } from '../reliability/child-daemon.js';

/**
 * Small hardening of the server (finding 9 of issue 19): a cap on open connections, a header timeout well under
 * Node's 60 s, and the generated admin password's file removed once that password is changed.
 */

let root: string;
let daemon: RunningDaemon;
let dataDir: string;
const agent = new Agent();

beforeAll(async () => {
  root = tempRoot('limits');
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(dataFiles(dataDir).config, JSON.stringify({ maxConnections: 5, headersTimeoutMs: 500 }));
  daemon = await serve({ dataDir, listen: '127.0.0.1:0', say: () => undefined, logger: false });
});
afterAll(async () => {
  await agent.close();
  await daemon?.close();
});

const port = () => Number(new URL(daemon.url).port);
const open = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port(), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
const closedWithin = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe('connections', () => {
  it('closes connections beyond maxConnections at once', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, open));
    try {
      const closed = await Promise.all(sockets.map((s) => closedWithin(s, 1000)));
      expect(closed.filter(Boolean)).toHaveLength(3);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });

  it('drops a client that does not finish its headers within headersTimeoutMs', async () => {
    await new Promise((r) => setTimeout(r, 200));
    const socket = await open();
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.write('GET /api/1.3/ping HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const started = Date.now();
    expect(await closedWithin(socket, 5000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
  });
});

describe('the generated admin password', () => {
  it('is removed from the data dir once admin changes it', async () => {
    const file = dataFiles(dataDir).adminPassword;
    const initial = readFileSync(file, 'utf8').trim();
    const cookie = await loginOver(agent, daemon.url, 'admin', initial);
    const changed = await call(agent, `${daemon.url}/api/1.3/user/current`, {
      method: 'PUT',
      cookie,
      body: { user: { localPasswd: 'Brand-New-Adm1n-Pass', confirmLocalPasswd: 'Brand-New-Adm1n-Pass' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});
