/**
 * An haproxy.cfg for several cdnctl daemons on one PostgreSQL database (README "Running several daemons"; the
 * cluster test and the bench run the same text). Pure: options in, the file's text out.
 *
 * Round robin over the daemons, each health-checked with GET /api/1.2/ping (no session needed, 200 while the
 * daemon serves). A daemon that stops answering leaves the rotation after `fall` failed checks and comes back
 * after `rise` good ones. A request whose connection a dead daemon refuses is sent to another (`retries`,
 * `option redispatch`): HAProxy retries only requests it could not deliver, so no write is ever sent twice.
 */
export interface HaproxyBackend {
  /** The server's name in HAProxy (logs, stats, the served-by header). */
  name: string;
  host: string;
  port: number;
}

export interface HaproxyOptions {
  /** Where the balancer listens. */
  bind: { host: string; port: number };
  daemons: readonly HaproxyBackend[];
  /** Milliseconds between health checks (default 2000; tests use a few hundred). */
  checkIntervalMs?: number;
  /** Failed checks before a daemon leaves the rotation (default 2). */
  fall?: number;
  /** Good checks before it comes back (default 2). */
  rise?: number;
  /** Adds `X-Served-By: <server name>` to every answer (tests and diagnostics). */
  servedByHeader?: boolean;
  /** A stats socket (admin level) at this path, for `show stat` (tests and diagnostics). */
  statsSocket?: string;
  /** Client and server inactivity timeout in ms (default 60000: a large export takes a while). */
  timeoutMs?: number;
}

const address = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** A server name HAProxy accepts: letters, digits and `-_.:` (anything else becomes `_`). */
export const haproxyName = (name: string) => name.replace(/[^A-Za-z0-9_.:-]/g, '_');

function globalSection(options: HaproxyOptions): string[] {
  const lines = ['global', '    maxconn 4096'];
  if (options.statsSocket) lines.push(`    stats socket ${options.statsSocket} mode 600 level admin`);
  return lines;
}

function defaultsSection(options: HaproxyOptions): string[] {
  const timeout = options.timeoutMs ?? 60_000;
  return [
    'defaults',
    '    mode http',
    '    option forwardfor',
    '    option redispatch',
    '    retries 2',
    '    timeout connect 5s',
    `    timeout client ${timeout}ms`,
    `    timeout server ${timeout}ms`,
    '    timeout check 2s',
  ];
}

function backendSection(options: HaproxyOptions): string[] {
  const inter = options.checkIntervalMs ?? 2000;
  const lines = [
    'backend cdnctl_daemons',
    '    balance roundrobin',
    '    option httpchk GET /api/1.2/ping',
    '    http-check expect status 200',
    `    default-server inter ${inter}ms fall ${options.fall ?? 2} rise ${options.rise ?? 2}`,
  ];
  if (options.servedByHeader) lines.push('    http-response set-header X-Served-By %s');
  for (const d of options.daemons) lines.push(`    server ${haproxyName(d.name)} ${address(d.host, d.port)} check`);
  return lines;
}

/** The haproxy.cfg text. Throws on options HAProxy would refuse (no daemon, two daemons with one name). */
export function haproxyConfig(options: HaproxyOptions): string {
  if (options.daemons.length === 0) throw new Error('haproxy.cfg: at least one daemon is needed');
  const names = options.daemons.map((d) => haproxyName(d.name));
  if (new Set(names).size !== names.length) throw new Error('haproxy.cfg: two daemons have the same name');
  const frontend = [
    'frontend cdnctl',
    `    bind ${address(options.bind.host, options.bind.port)}`,
    '    default_backend cdnctl_daemons',
  ];
  const sections = [globalSection(options), defaultsSection(options), frontend, backendSection(options)];
  return `${sections.map((s) => s.join('\n')).join('\n\n')}\n`;
}
