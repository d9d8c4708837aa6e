import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { rawRequest, type RawAnswer } from '../../helpers/raw-http.js';

/*
 * Issue 34: a whole pass of the 1.x cache tool (the Perl ORT, reference §9 "How old Perl ORT used TO") replayed
 * over HTTP with the bytes Perl's LWP puts on the wire: its header order, its `Connection: TE, close`, the login's
 * JSON labelled application/x-www-form-urlencoded, and the form check-in at the root route /update/<host>. The
 * cache is edge1a of the caches snapshot, checked in by its agent login `ort_user` (the ORT role, level 11).
 */

const HOST = 'edge1a';
const PACKAGE = { name: 'trafficserver', version: '9.2.0-1' };
const CHKCONFIG = { name: 'trafficserver', value: '0:off 1:off 2:on 3:on 4:on 5:on 6:off' };

interface ConfigFile {
  fnameOnDisk: string;
  location: string;
  apiUri: string;
  scope: string;
}
interface UpdateStatus {
  host_name: string;
  upd_pending: boolean;
  reval_pending: boolean;
  use_reval_pending: boolean;
  parent_pending: boolean;
  parent_reval_pending: boolean;
}

const sha512 = (body: Buffer) => createHash('sha512').update(body).digest('base64');

eachStore((kind) => {
  let t: GoldenApp;
  let port: number;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    await giveProfileOrtParams(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A request as LWP::UserAgent writes it (HTTP::Headers order: general, request, entity headers). */
  function lwp(method: 'GET' | 'POST', path: string, cookie: string | null, body?: string): Promise<RawAnswer> {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      'TE: deflate,gzip;q=0.3',
      'Connection: TE, close',
      `Host: 127.0.0.1:${port}`,
      'User-Agent: libwww-perl/6.15',
    ];
    if (cookie) lines.push(`Cookie: ${cookie}`);
    if (body !== undefined) {
      lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Content-Type: application/x-www-form-urlencoded');
    }
    return rawRequest(port, `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
  }

  const json = <T>(answer: RawAnswer, what: string): T => {
    expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBe(200);
    expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
    return JSON.parse(answer.text) as T;
  };

  /** ORT's login: its JSON (with its own spacing) posted with LWP's default form Content-Type. */
  async function login(): Promise<string> {
    const answer = await lwp('POST', '/api/1.3/user/login', null, `{ "u":"ort_user", "p":"${PASSWORDS.ort_user}"}`);
    expect(json<{ alerts: unknown[] }>(answer, 'login').alerts).toEqual([
      { text: 'Successfully logged in.', level: 'success' },
    ]);
    return answer.headers['set-cookie'].split(';')[0];
  }

  async function updateStatus(cookie: string): Promise<UpdateStatus> {
    const [status] = json<UpdateStatus[]>(
      await lwp('GET', `/api/1.3/servers/${HOST}/update_status`, cookie),
      'update_status',
    );
    expect(status.host_name).toBe(HOST);
    return status;
  }

  async function systemInfo(cookie: string): Promise<void> {
    const info = json<{ response: { parameters: Record<string, string> } }>(
      await lwp('GET', '/api/1.4/system/info.json', cookie),
      'system/info',
    );
    expect(typeof info.response.parameters).toBe('object');
  }

  async function configFiles(cookie: string): Promise<ConfigFile[]> {
    const list = json<{ info: Record<string, unknown>; configFiles: ConfigFile[] }>(
      await lwp('GET', `/api/1.4/servers/${HOST}/configfiles/ats`, cookie),
      'config-file list',
    );
    expect(list.info).toMatchObject({ serverName: HOST, profileName: 'EDGE_PROFILE1', cdnName: 'cdn1' });
    return list.configFiles;
  }

  /** One file at its URI: text, with a Whole-Content-SHA512 that matches the bytes received. */
  async function fetchFile(cookie: string, file: ConfigFile): Promise<string> {
    const answer = await lwp('GET', file.apiUri, cookie);
    expect(answer.status, `${file.apiUri}: ${answer.text.slice(0, 300)}`).toBe(200);
    expect(answer.headers['content-type'], file.apiUri).toMatch(/^text\/plain/);
    expect(answer.headers['whole-content-sha512'], file.apiUri).toBe(sha512(answer.body));
    return answer.text;
  }

  /** The check-in ORT posts at the end: a form, at the Perl app's root route. */
  async function checkIn(cookie: string, updated: boolean, revalUpdated: boolean): Promise<void> {
    const answer = await lwp('POST', `/update/${HOST}`, cookie, `updated=${updated}&reval_updated=${revalUpdated}`);
    expect([answer.status, answer.text]).toEqual([200, 'Success']);
  }

  /** Sets the cache's flags, with its parents (the MIDs) already done: ORT would wait for them otherwise. */
  async function pending(updated: boolean, revalUpdated: boolean): Promise<void> {
    for (const [host, upd, reval] of [
      ['mid1', false, false],
      ['mid2', false, false],
      [HOST, updated, revalUpdated],
    ] as const) {
      const server = (await t.store.servers.byHostName(host, null))!;
      await t.store.serverFlags.checkIn(server.id, { updated: upd, revalUpdated: reval }, t.clock.now());
    }
  }

  describe('a 1.x ORT pass', () => {
    it('syncds: applies every file, reads packages and chkconfig, and clears upd_pending only', async () => {
      await pending(true, true);
      const cookie = await login();
      const status = await updateStatus(cookie);
      expect(status).toMatchObject({ upd_pending: true, reval_pending: true, parent_pending: false });
      expect(status.use_reval_pending).toBe(true);
      await systemInfo(cookie);
      const statuses = json<{ response: Array<{ name: string }> }>(
        await lwp('GET', '/api/1.4/statuses', cookie),
        'statuses',
      );
      expect(statuses.response.map((s) => s.name)).toEqual(expect.arrayContaining(['ONLINE', 'REPORTED', 'OFFLINE']));
      const files = await configFiles(cookie);
      expect(files.map((f) => f.fnameOnDisk)).toEqual(expect.arrayContaining(['remap.config', 'records.config']));
      for (const file of files) await fetchFile(cookie, file);
      expect(json(await lwp('GET', `/ort/${HOST}/packages`, cookie), 'packages')).toEqual([PACKAGE]);
      expect(json(await lwp('GET', `/ort/${HOST}/chkconfig`, cookie), 'chkconfig')).toEqual([CHKCONFIG]);
      const [before] = json<UpdateStatus[]>(await lwp('GET', `/update/${HOST}`, cookie), 'GET /update');
      expect(before).toMatchObject({ host_name: HOST, upd_pending: true, reval_pending: true });
      // syncds hands reval_pending back unchanged: revalidation belongs to the revalidate run.
      await checkIn(cookie, false, status.reval_pending);
      expect(await updateStatus(cookie)).toMatchObject({ upd_pending: false, reval_pending: true });
    });

    it('revalidate: fetches regex_revalidate.config only and clears reval_pending only', async () => {
      await pending(true, true);
      const cookie = await login();
      const status = await updateStatus(cookie);
      expect(status).toMatchObject({ reval_pending: true, parent_reval_pending: false, use_reval_pending: true });
      await systemInfo(cookie);
      const file = (await configFiles(cookie)).find((f) => f.fnameOnDisk === 'regex_revalidate.config');
      expect(file?.scope).toBe('cdns');
      expect(await fetchFile(cookie, file!)).toMatch(/^# DO NOT EDIT/);
      await checkIn(cookie, status.upd_pending, false);
      expect(await updateStatus(cookie)).toMatchObject({ upd_pending: true, reval_pending: false });
    });

    it('answers GET /update/all with every server, and unknown root paths with a JSON 404', async () => {
      const cookie = await login();
      const all = json<UpdateStatus[]>(await lwp('GET', '/update/all', cookie), 'GET /update/all');
      expect(all.map((s) => s.host_name)).toEqual(expect.arrayContaining([HOST, 'mid1', 'edge2a']));
      const missing = await lwp('GET', `/ort/${HOST}/nothing`, cookie);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text)).toEqual({
        alerts: [{ text: `The requested path '/ort/${HOST}/nothing' does not exist.`, level: 'error' }],
      });
    });

    it('answers 401 in the alerts envelope without a session, and 404 for an unknown host', async () => {
      const anonymous = await lwp('GET', `/ort/${HOST}/packages`, null);
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.text).alerts[0].level).toBe('error');
      const cookie = await login();
      const unknown = await lwp('GET', '/ort/no-such-host/chkconfig', cookie);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.text)).toEqual({
        alerts: [{ text: "server 'no-such-host' not found", level: 'error' }],
      });
      expect(json(await lwp('GET', '/update/no-such-host', cookie), 'unknown update')).toEqual([]);
    });
  });
});

/** EDGE_PROFILE1 gets a `package` and a `chkconfig` parameter, made through the API by an admin. */
async function giveProfileOrtParams(t: GoldenApp): Promise<void> {
  const cookie = await t.session('admin');
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { response: Array<{ id: number }> | { id: number } };
  };
  const ids: number[] = [];
  for (const param of [
    { name: PACKAGE.name, configFile: 'package', value: PACKAGE.version, secure: false },
    { name: CHKCONFIG.name, configFile: 'chkconfig', value: CHKCONFIG.value, secure: false },
  ])
    ids.push(((await post('/api/1.4/parameters', param)).response as { id: number }).id);
  const profile = (await t.store.profiles.list({ name: 'EDGE_PROFILE1' }))[0];
  for (const parameterId of ids) await post('/api/1.4/profileparameters', { profileId: profile.id, parameterId });
}
