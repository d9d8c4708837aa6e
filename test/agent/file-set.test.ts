import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentApi, AgentCallError } from '../../agent/api.js';
import { HttpClient } from '../../shared/client/http.js';
import { goldenApp, type GoldenApp } from '../daemon/security/fixture.js';
import { eachStore } from '../helpers/store-kinds.js';

/*
 * Issue 32: the agent fetches every file of its cache in one request where the daemon offers it
 * (GET servers/:host/configfiles/ats/all), each text checked against its checksum, and falls back to the file
 * list and one request a file where the server does not (Traffic Ops, an older daemon): asked once, remembered.
 */

const clients: HttpClient[] = [];
const apiOf = (baseUrl: string, cookie: string) => {
  const http = new HttpClient({ baseUrl, version: '1.3', cookie });
  clients.push(http);
  return new AgentApi(http, '1.3');
};

/** A server that answers `answer` for every request and counts them by path. */
async function stubServer(answer: (path: string) => { status: number; body: string }) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(path);
    const { status, body } = answer(path);
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

eachStore((kind) => {
  let t: GoldenApp;
  let base: string;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gets every file of its cache in one request, each the text the file's own URI serves", async () => {
    const api = apiOf(base, await t.session('ort_user'));
    for (const host of ['edge1a', 'mid1']) {
      const set = await api.fileSet(host);
      const list = await api.fileList(host);
      expect(set && [...set.keys()]).toEqual(list.map((f) => f.fnameOnDisk));
      for (const entry of list) expect(set?.get(entry.fnameOnDisk), entry.apiUri).toBe(await api.file(entry));
    }
  });
});

describe('a server without the whole set', () => {
  it('answers null on its 404, and is not asked again', async () => {
    const stub = await stubServer(() => ({ status: 404, body: '{"alerts":[{"level":"error","text":"no"}]}' }));
    try {
      const api = apiOf(stub.url, 'mojolicious=ok');
      expect(await api.fileSet('edge-01')).toBeNull();
      expect(await api.fileSet('edge-01')).toBeNull();
      expect(stub.seen).toEqual(['/api/1.3/servers/edge-01/configfiles/ats/all']);
    } finally {
      await stub.close();
    }
  });

  it('refuses a set whose text does not match its checksum, and fails on a server error', async () => {
    const body = JSON.stringify({ configFiles: [{ fnameOnDisk: 'remap.config', text: 'map a b\n', checksum: 'x' }] });
    const stub = await stubServer((path) =>
      path.includes('edge-02') ? { status: 500, body: '{}' } : { status: 200, body },
    );
    try {
      const api = apiOf(stub.url, 'mojolicious=ok');
      await expect(api.fileSet('edge-01')).rejects.toThrow('remap.config: the text does not match its checksum');
      await expect(api.fileSet('edge-02')).rejects.toBeInstanceOf(AgentCallError);
    } finally {
      await stub.close();
    }
  });
});
