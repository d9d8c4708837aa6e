/** SMTP settings for registration and reset mail (BEHAVIOR.md §8). */
export interface SmtpConfig {
  /** A full `smtp://` or `smtps://` URL; wins over host/port when given. */
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string;
  pass?: string;
  from?: string;
}

/** What the daemon runs with; built by the server from flags, environment and `<data-dir>/config.json`. */
export interface DaemonConfig {
  dataDir: string;
  /** Where the outbox and other files go; null for an in-memory test app. */
  host: string;
  port: number;
  tls: { cert: string; key: string } | null;
  smtp: SmtpConfig | null;
  /** Base URL that mails link to; defaults to the daemon's own URL. */
  portalBaseUrl: string | null;
  cors: { origins: string[] };
  sessionMaxAgeMs: number;
  sessionIdleMs: number;
  /** Caches (issue 15): how often they check in, and how often the daemon checks them. */
  caches: CachesConfig;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDRs, `<data-dir>/config.json` `trustProxy`): the
   * client address of a request from one of them is the one the proxy names. Empty: the peer's address.
   */
  trustProxy: string[];
  /** Most open connections at once (`maxConnections`); beyond it new connections are closed at once. */
  maxConnections: number;
  /** How long a client may take to send a request's headers (`headersTimeoutMs`). */
  headersTimeoutMs: number;
}

/** `caches` in `<data-dir>/config.json` (BEHAVIOR.md "Caches"). */
export interface CachesConfig {
  /** How often a cache checks in (Traffic Ops' syncds cron): 15 minutes. A cache is overdue after twice this. */
  checkInIntervalMinutes: number;
  /** How often the readiness checks run over every cache; 0 turns them off. Default 300. */
  checksIntervalSeconds: number;
  /** How long the HTTP check waits for a cache's answer. Default 2000. */
  httpCheckTimeoutMs: number;
}

export const DEFAULT_CACHES_CONFIG: CachesConfig = {
  checkInIntervalMinutes: 15,
  checksIntervalSeconds: 300,
  httpCheckTimeoutMs: 2000,
};

export const SESSION_MAX_AGE_MS = 6 * 3600_000;
export const SESSION_IDLE_MS = 3600_000;
export const DEFAULT_MAX_CONNECTIONS = 1024;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** A config with every default; tests and the server override what they need. */
export function defaultConfig(overrides: Partial<DaemonConfig> = {}): DaemonConfig {
  return {
    dataDir: '',
    host: '127.0.0.1',
    port: 8480,
    tls: null,
    smtp: null,
    portalBaseUrl: null,
    cors: { origins: [] },
    sessionMaxAgeMs: SESSION_MAX_AGE_MS,
    sessionIdleMs: SESSION_IDLE_MS,
    caches: DEFAULT_CACHES_CONFIG,
    trustProxy: [],
    maxConnections: DEFAULT_MAX_CONNECTIONS,
    headersTimeoutMs: DEFAULT_HEADERS_TIMEOUT_MS,
    ...overrides,
  };
}
