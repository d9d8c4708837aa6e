import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpdateStatus } from '../../agent/types.js';

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
  /**
   * Stamp update_status answers with x-cdnctl-read-time as cdnctl's daemon does (off: as Traffic Ops answered);
   * the agent then sends `reval_started` and `agent_error`, kept in `agentErrors` per host as the daemon keeps it.
   */
  stampReads: boolean;
  /** The last `agent_error` each host sent (null: cleared). */
  agentErrors: Map<string, string | null>;
  /** The idle agents' heartbeats (`POST servers/:hostname/checkin`): the hosts, in order. */
  heartbeats: string[];
  requests: string[];
  close(): Promise<void>;
  /** Listens again on the same port after close(). */
  reopen(): Promise<void>;
}

const SCOPES: Record<string, string> = { 'regex_revalidate.config': 'cdns', 'records.config': 'profiles' };

type Send = (status: number, type: string, body: string) => void;
const JSON_TYPE = 'application/json';
const alert = (text: string) => JSON.stringify({ alerts: [{ level: 'error', text }] });

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += (chunk as Buffer).toString();
  return body;
}

/** POST user/login: `ort` / `secret-pass` gets the cookie every other route wants. */
async function loginRoute(req: IncomingMessage, res: ServerResponse, send: Send): Promise<void> {
  const { u, p } = JSON.parse(await bodyOf(req)) as { u: string; p: string };
  if (u !== 'ort' || p !== 'secret-pass') return send(401, JSON_TYPE, alert('Invalid username or password.'));
  res.setHeader('set-cookie', 'mojolicious=ok; Path=/; Max-Age=21600; HttpOnly');
  send(200, JSON_TYPE, '{"alerts":[{"level":"success","text":"Successfully logged in."}]}');
}

/** The file list; a host with its own set is served every file at its own URI, others at TO's scoped URIs. */
function fileList(fake: FakeTo, host: string): string {
  const configFiles = [...(fake.hostFiles.get(host) ?? fake.files).keys()].map((name) => {
    const scope = fake.hostFiles.has(host) ? 'servers' : (SCOPES[name] ?? 'servers');
    const owner = scope === 'cdns' ? 'cdn1' : scope === 'profiles' ? 'EDGE' : host;
    return {
      fnameOnDisk: name,
      location: '/etc/trafficserver',
      apiUri: `/api/1.3/${scope}/${owner}/configfiles/ats/${name}`,
      scope,
    };
  });
  return JSON.stringify({ info: { serverId: 1 }, configFiles });
}

/** POST /update/:hostname as the Perl check-in answered it (plain text), changing only the flags sent. */
async function checkIn(fake: FakeTo, req: IncomingMessage, host: string, send: Send): Promise<void> {
  const form = new URLSearchParams(await bodyOf(req));
  const status = fake.statuses.get(host);
  if (!status) return send(404, 'text/plain', 'Failed request.  Unknown server');
  if (!form.has('updated')) return send(400, 'text/plain', 'Failed request.  Must provide updated status');
  fake.reports.push({ host, updated: form.get('updated'), reval_updated: form.get('reval_updated') });
  const agentError = form.get('agent_error');
  if (agentError !== null) fake.agentErrors.set(host, agentError === '' ? null : agentError);
  status.upd_pending = form.get('updated') === 'true';
  if (form.has('reval_updated') && status.use_reval_pending)
    status.reval_pending = form.get('reval_updated') === 'true';
  fake.onReport(host);
  send(200, 'text/plain', 'Success');
}

async function route(fake: FakeTo, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  fake.requests.push(`${req.method} ${path}`);
  const send: Send = (status, type, body) => res.writeHead(status, { 'content-type': type }).end(body);
  if (req.method === 'POST' && /^\/api\/1\.\d\/user\/login$/.test(path)) return loginRoute(req, res, send);
  if (req.headers.cookie !== 'mojolicious=ok') return send(401, JSON_TYPE, alert('Unauthorized, please log in.'));
  const beat = /^\/api\/1\.\d\/servers\/([^/]+)\/checkin$/.exec(path);
  if (beat && req.method === 'POST') {
    fake.heartbeats.push(decodeURIComponent(beat[1] as string));
    return send(200, JSON_TYPE, '{"alerts":[{"level":"success","text":"checked in"}]}');
  }
  let m = /^\/api\/1\.\d\/servers\/([^/]+)\/update_status$/.exec(path);
  if (m) {
    const status = fake.statuses.get(decodeURIComponent(m[1] as string));
    if (fake.stampReads) res.setHeader('x-cdnctl-read-time', String(Date.now()));
    return send(200, JSON_TYPE, JSON.stringify(status ? [status] : []));
  }
  m = /^\/api\/1\.\d\/servers\/([^/]+)\/configfiles\/ats$/.exec(path);
  if (m) return send(200, JSON_TYPE, fileList(fake, decodeURIComponent(m[1] as string)));
  m = /^\/api\/1\.\d\/(servers|profiles|cdns)\/([^/]+)\/configfiles\/ats\/([^/]+)$/.exec(path);
  const set =
    m && m[1] === 'servers' ? (fake.hostFiles.get(decodeURIComponent(m[2] as string)) ?? fake.files) : fake.files;
  if (m && set.has(m[3] as string)) return send(200, 'text/plain; charset=utf-8', set.get(m[3] as string) as string);
  m = /^\/update\/([^/]+)$/.exec(path);
  if (m && req.method === 'POST') return checkIn(fake, req, decodeURIComponent(m[1] as string), send);
  send(404, JSON_TYPE, alert(`The requested path '${path}' does not exist.`));
}

const handler = (fake: FakeTo) => (req: IncomingMessage, res: ServerResponse) => void route(fake, req, res);

export async function startFakeTo(): Promise<FakeTo> {
  let server: Server;
  const fake = {
    url: '',
    port: 0,
    statuses: new Map(),
    files: new Map(),
    hostFiles: new Map(),
    onReport: () => {},
    reports: [],
    stampReads: false,
    agentErrors: new Map(),
    heartbeats: [],
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
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
  host_name: host,
  upd_pending: false,
  reval_pending: false,
  use_reval_pending: true,
  host_id: 1,
  status: 'REPORTED',
  parent_pending: false,
  parent_reval_pending: false,
  ...over,
});
