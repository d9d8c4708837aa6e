import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpdateStatus } from '../../src/agent/types.js';

/**
 * A stand-in for the daemon's cache routes as Traffic Ops 1.x served them (docs/reference/traffic-ops-wave2.md
 * §1 and §5), for the agent's I/O tests until the real routes are merged: update_status as a bare array,
 * the config file list, each file at its apiUri (text/plain), and `POST /update/:hostname` with form fields.
 * Every route needs the cookie `mojolicious=ok`. It clears the flags as the check-in route does.
 */
export interface FakeTo {
  url: string;
  port: number;
  statuses: Map<string, UpdateStatus>;
  /** File name → text; every host is served this set unless `hostFiles` has one for it. */
  files: Map<string, string>;
  hostFiles: Map<string, Map<string, string>>;
  /** Called after a check-in changed a host's flags (to compute the children's parent flags). */
  onReport: (host: string) => void;
  /** The check-ins received: host and form fields. */
  reports: Array<{ host: string; updated: string | null; reval_updated: string | null }>;
  requests: string[];
  close(): Promise<void>;
  /** Listens again on the same port after close(). */
  reopen(): Promise<void>;
}

const SCOPES: Record<string, string> = { 'regex_revalidate.config': 'cdns', 'records.config': 'profiles' };

function handler(fake: FakeTo) {
  return (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    fake.requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    if (req.method === 'POST' && /^\/api\/1\.\d\/user\/login$/.test(url.pathname)) {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const { u, p } = JSON.parse(body) as { u: string; p: string };
        if (u !== 'ort' || p !== 'secret-pass') return send(401, 'application/json', '{"alerts":[{"level":"error","text":"Invalid username or password."}]}');
        res.setHeader('set-cookie', 'mojolicious=ok; Path=/; Max-Age=21600; HttpOnly');
        send(200, 'application/json', '{"alerts":[{"level":"success","text":"Successfully logged in."}]}');
      });
      return;
    }
    if (req.headers.cookie !== 'mojolicious=ok') return send(401, 'application/json', '{"alerts":[{"level":"error","text":"Unauthorized, please log in."}]}');
    let m = /^\/api\/1\.\d\/servers\/([^/]+)\/update_status$/.exec(url.pathname);
    if (m) {
      const status = fake.statuses.get(decodeURIComponent(m[1] as string));
      return send(200, 'application/json', JSON.stringify(status ? [status] : []));
    }
    m = /^\/api\/1\.\d\/servers\/([^/]+)\/configfiles\/ats$/.exec(url.pathname);
    if (m) {
      const host = decodeURIComponent(m[1] as string);
      const configFiles = [...(fake.hostFiles.get(host) ?? fake.files).keys()].map((name) => {
        // Per-host sets are all served at the host's own URI, so each host gets its own text.
        const scope = fake.hostFiles.has(host) ? 'servers' : (SCOPES[name] ?? 'servers');
        const owner = scope === 'cdns' ? 'cdn1' : scope === 'profiles' ? 'EDGE' : host;
        return { fnameOnDisk: name, location: '/etc/trafficserver', apiUri: `/api/1.3/${scope}/${owner}/configfiles/ats/${name}`, scope };
      });
      return send(200, 'application/json', JSON.stringify({ info: { serverId: 1 }, configFiles }));
    }
    m = /^\/api\/1\.\d\/(servers|profiles|cdns)\/([^/]+)\/configfiles\/ats\/([^/]+)$/.exec(url.pathname);
    const set = m && m[1] === 'servers' ? (fake.hostFiles.get(decodeURIComponent(m[2] as string)) ?? fake.files) : fake.files;
    if (m && set.has(m[3] as string)) return send(200, 'text/plain; charset=utf-8', set.get(m[3] as string) as string);
    m = /^\/update\/([^/]+)$/.exec(url.pathname);
    if (m && req.method === 'POST') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const host = decodeURIComponent(m?.[1] as string);
        const status = fake.statuses.get(host);
        if (!status) return send(404, 'text/plain', 'Failed request.  Unknown server');
        if (!form.has('updated')) return send(400, 'text/plain', 'Failed request.  Must provide updated status');
        fake.reports.push({ host, updated: form.get('updated'), reval_updated: form.get('reval_updated') });
        status.upd_pending = form.get('updated') === 'true';
        if (form.has('reval_updated') && status.use_reval_pending) status.reval_pending = form.get('reval_updated') === 'true';
        fake.onReport(host);
        send(200, 'text/plain', 'Success');
      });
      return;
    }
    send(404, 'application/json', `{"alerts":[{"level":"error","text":"The requested path '${url.pathname}' does not exist."}]}`);
  };
}

export async function startFakeTo(): Promise<FakeTo> {
  let server: Server;
  const fake = {
    url: '', port: 0, statuses: new Map(), files: new Map(), hostFiles: new Map(), onReport: () => {}, reports: [], requests: [],
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
    reopen: async () => {
      server = createServer(handler(fake));
      await new Promise<void>((resolve) => server.listen(fake.port, '127.0.0.1', resolve));
    },
  } as FakeTo;
  server = createServer(handler(fake));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  return fake;
}

export const updateStatus = (host: string, over: Partial<UpdateStatus> = {}): UpdateStatus => ({
  host_name: host, upd_pending: false, reval_pending: false, use_reval_pending: true, host_id: 1, status: 'REPORTED',
  parent_pending: false, parent_reval_pending: false, ...over,
});
