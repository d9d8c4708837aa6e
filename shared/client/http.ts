import type { Dispatcher } from 'undici';
// The two modules a request needs, not the package entry: that loads fetch, websockets, caches and mocks too,
// and every CLI command would pay for it at start-up.
import Agent from 'undici/lib/dispatcher/agent.js';
import undiciRequest from 'undici/lib/api/api-request.js';
import { ApiError, BadResponse, Forbidden, NotLoggedIn, Unreachable, VersionNotServed } from './errors.js';
import type { Alert, ApiResult, ApiVersion, Envelope } from './types.js';

/** How to reach one server. */
export interface HttpOptions {
  /** The server's base URL, e.g. `https://to.example.net` (no `/api/...`). */
  baseUrl: string;
  version: ApiVersion;
  /** The session cookie pair, e.g. `mojolicious=...`. */
  cookie?: string;
  /** Tests inject undici's MockAgent here; by default an Agent is created and closed with the client. */
  dispatcher?: Dispatcher;
  /** Connect and headers timeout; default 15 s. */
  timeoutMs?: number;
}

/** What `raw` answers. */
export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
  setCookie: string[];
  /** cdnctl's daemon: when it took the read it answers (epoch ms, header x-cdnctl-read-time). */
  readTime?: string;
  /** The answer's headers, as they came (lower-case names). */
  headers?: Record<string, string | string[] | undefined>;
}

/** Per request: a longer wait for its answer than the client's (a long-poll), and a signal that cancels it. */
export interface RawOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Query parameters; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'answer stalled',
  UND_ERR_SOCKET: 'connection closed',
};

/** The one HTTP client of cdnctl: JSON in, the API's `{alerts, response}` envelope out, typed errors. */
export class HttpClient {
  readonly baseUrl: string;
  readonly version: ApiVersion;
  cookie: string | undefined;
  private dispatcher: Dispatcher | undefined;
  private readonly ownsDispatcher: boolean;
  private readonly timeoutMs: number;

  constructor(options: HttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.version = options.version;
    this.cookie = options.cookie;
    this.dispatcher = options.dispatcher;
    this.ownsDispatcher = !options.dispatcher;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** The full URL of an API path (`/origins` → `<base>/api/<version>/origins`). */
  url(path: string, query: Query = {}, version: ApiVersion = this.version): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${this.baseUrl}/api/${version}${path}${search ? `?${search}` : ''}`;
  }

  /** GET at the client's version, or at `version` (a record read in the shape of another version). */
  get<T>(path: string, query?: Query, version?: ApiVersion): Promise<ApiResult<T>> {
    return this.send<T>('GET', this.url(path, query, version));
  }

  post<T>(path: string, body?: unknown, query?: Query, version?: ApiVersion): Promise<ApiResult<T>> {
    return this.send<T>('POST', this.url(path, query, version), body);
  }

  put<T>(path: string, body?: unknown, query?: Query): Promise<ApiResult<T>> {
    return this.send<T>('PUT', this.url(path, query), body);
  }

  /** DELETE at the client's version, or at `version` (a route that exists only from a later one). */
  delete<T>(path: string, query?: Query, version?: ApiVersion): Promise<ApiResult<T>> {
    return this.send<T>('DELETE', this.url(path, query, version));
  }

  /**
   * A request outside the JSON envelope (the cache check-in routes: bare arrays, plain text, form bodies): the
   * status, headers and text as they came, for any status. `path` is absolute on the server (`/update/x`).
   */
  async raw(
    method: Dispatcher.HttpMethod,
    path: string,
    body?: { type: string; text: string },
    options: RawOptions = {},
  ): Promise<RawResponse> {
    const headers: Record<string, string> = { accept: '*/*' };
    if (this.cookie) headers.cookie = this.cookie;
    if (body) headers['content-type'] = body.type;
    const target = new URL(path, `${this.baseUrl}/`);
    let res: Dispatcher.ResponseData;
    let text: string;
    try {
      const request = {
        origin: target.origin,
        path: target.pathname + target.search,
        method,
        headers,
        body: body?.text,
        ...(options.timeoutMs === undefined
          ? {}
          : { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs }),
        ...(options.signal ? { signal: options.signal } : {}),
      };
      res = await undiciRequest.call(this.agent(), request);
      text = await res.body.text();
    } catch (err) {
      throw unreachable(this.baseUrl, err);
    }
    const raw = res.headers['set-cookie'];
    const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const read = res.headers['x-cdnctl-read-time'];
    const readTime = typeof read === 'string' ? read : undefined;
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      text,
      setCookie,
      readTime,
      headers: res.headers,
    };
  }

  /** A GET at an API path whose body the caller reads as it comes (an event stream); no body timeout. */
  async open(path: string, accept: string, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const target = new URL(this.url(path));
    try {
      return await undiciRequest.call(this.agent(), {
        origin: target.origin,
        path: target.pathname + target.search,
        method: 'GET',
        headers: { accept, ...(this.cookie ? { cookie: this.cookie } : {}) },
        bodyTimeout: 0,
        signal,
      });
    } catch (err) {
      throw unreachable(this.baseUrl, err);
    }
  }

  /** Closes the connections this client opened (an injected dispatcher is left to its owner). */
  async close(): Promise<void> {
    if (this.ownsDispatcher && this.dispatcher) await this.dispatcher.close();
    this.dispatcher = undefined;
  }

  private agent(): Dispatcher {
    if (!this.dispatcher) {
      this.dispatcher = new Agent({
        connectTimeout: this.timeoutMs,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    }
    return this.dispatcher;
  }

  private async send<T>(method: Dispatcher.HttpMethod, url: string, body?: unknown): Promise<ApiResult<T>> {
    // Large lists come gzipped (a tenth of the bytes); small answers come as they are either way.
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip' };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const target = new URL(url);
    let res: Dispatcher.ResponseData;
    let raw: Buffer;
    try {
      const dispatcher = this.agent();
      res = await undiciRequest.call(dispatcher, {
        origin: target.origin,
        path: target.pathname + target.search,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      raw = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      throw unreachable(this.baseUrl, err);
    }
    return interpret<T>(
      res.statusCode,
      res.headers,
      await decoded(res.statusCode, res.headers['content-encoding'], raw),
      this.version,
    );
  }
}

/** The text of a body, gunzipped when the server gzipped it (zlib is loaded only then). */
async function decoded(status: number, encoding: string | string[] | undefined, raw: Buffer): Promise<string> {
  const coding = String(encoding ?? '')
    .trim()
    .toLowerCase();
  if (coding === '' || coding === 'identity') return raw.toString('utf8');
  if (coding !== 'gzip' && coding !== 'x-gzip') {
    throw new BadResponse(
      status,
      `unexpected answer from the server: HTTP ${status} encoded as ${coding}, which cdnctl did not ask for`,
    );
  }
  const { gunzipSync } = await import('node:zlib');
  try {
    return gunzipSync(raw).toString('utf8');
  } catch {
    throw new BadResponse(status, `unexpected answer from the server: HTTP ${status} with a damaged gzip body`);
  }
}

/** Node's TLS verification failures: the server answered, but with a certificate nobody said to trust. */
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function unreachable(baseUrl: string, err: unknown): Unreachable {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e?.code ?? e?.cause?.code ?? '';
  if (TLS_CODES.has(code)) return new Unreachable(baseUrl, `its TLS certificate is not trusted (${code})`, err, 'tls');
  const reason = UNREACHABLE_CODES[code] ?? (e?.message || String(err));
  return new Unreachable(baseUrl, reason, err);
}

const errorText = (alerts: Alert[]): string | null => {
  const errors = alerts.filter((a) => a.level === 'error').map((a) => a.text);
  return errors.length > 0 ? errors.join('; ') : null;
};

/** Turns a status and body into the result or the matching typed error. */
export function interpret<T>(
  status: number,
  headers: Dispatcher.ResponseData['headers'],
  text: string,
  version: ApiVersion,
): ApiResult<T> {
  const type = String(headers['content-type'] ?? '');
  let body: Envelope<T> | undefined;
  if (text.trim() !== '' && /json/i.test(type)) {
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      body = undefined;
    }
  }
  if (!body || typeof body !== 'object') {
    if (status === 401) throw new NotLoggedIn();
    if (status === 403) throw new Forbidden();
    const what = text.trim() === '' ? 'an empty body' : `${type.split(';')[0] || 'no content type'}`;
    throw new BadResponse(
      status,
      `unexpected answer from the server: HTTP ${status} with ${what} (is this a Traffic Ops API?)`,
    );
  }
  const alerts = Array.isArray(body.alerts) ? body.alerts : [];
  if (status >= 400) {
    const message = errorText(alerts) ?? `HTTP ${status}`;
    if (status === 401) throw new NotLoggedIn(message, alerts);
    if (status === 403) throw new Forbidden(message, alerts);
    if (status === 501) throw new VersionNotServed(version, message, alerts);
    throw new ApiError(status, message, alerts);
  }
  const raw = headers['set-cookie'];
  const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return { body, alerts, response: body.response as T, setCookie };
}
