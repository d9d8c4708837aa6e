import type { Alert } from './types';

/** The newest served version: every route answers at each version at or after the one that introduced it. */
export const API_VERSION = '1.3';

/** A non-2xx answer: its status and the API's alerts, shown to the user as they came. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly alerts: Alert[],
  ) {
    super(alerts.map((a) => a.text).join(' ') || `HTTP ${status}`);
    this.name = 'ApiFailure';
  }
}

export interface ApiResult<T> {
  response: T;
  alerts: Alert[];
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown, query?: Query): Promise<ApiResult<T>>;
  put<T>(path: string, body?: unknown, query?: Query): Promise<ApiResult<T>>;
  del<T>(path: string, query?: Query): Promise<ApiResult<T>>;
  /** DELETE at a newer version than API_VERSION, for a route introduced there (DELETE jobs at 1.4). */
  delAt<T>(version: string, path: string, query?: Query): Promise<ApiResult<T>>;
}

export interface ClientOptions {
  fetch: typeof fetch;
  /** Where the API lives: '' for the daemon that serves the portal, else a daemon that lists this origin in cors. */
  baseUrl?: string;
  /** Called with the API's alerts when a request answers 401: the session is gone. */
  onUnauthorized?: (alerts: Alert[]) => void;
}

/**
 * The paths whose records the portal reads in the seed's shapes (ids as digit strings), at the versions the seed
 * fixes them: users, the current user and its jobs at 1.2, profiles at 1.1. At 1.3 those records take Traffic Ops'
 * own types (BEHAVIOR.md, issue 34), which the portal's types do not describe.
 */
const SEED_PATHS: Array<[RegExp, string]> = [
  [/^\/(users|user)(\/|$)/, '1.2'],
  [/^\/profiles(\/trimmed|\/\d+)?$/, '1.1'],
];

/** The version a path is spoken at: its seed version when it has one, else API_VERSION. */
export function versionFor(path: string): string {
  return SEED_PATHS.find(([pattern]) => pattern.test(path))?.[1] ?? API_VERSION;
}

/** `/origins` + {deliveryservice: 3} → `/api/1.3/origins?deliveryservice=3`; empty values are left out. */
export function apiUrl(baseUrl: string, path: string, query: Query = {}, version?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}/api/${version ?? versionFor(path)}${path}${search ? `?${search}` : ''}`;
}

async function readAlerts(res: Response): Promise<{ body: Record<string, unknown> | null; alerts: Alert[] }> {
  const text = await res.text();
  if (!text) return { body: null, alerts: [] };
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return { body, alerts: Array.isArray(body.alerts) ? (body.alerts as Alert[]) : [] };
  } catch {
    return { body: null, alerts: [{ level: 'error', text: `The server answered ${res.status} without JSON.` }] };
  }
}

/**
 * The portal's one way to the API: the session cookie goes along, writes always say `Content-Type:
 * application/json` (the daemon refuses any other body type), and an error answer becomes an ApiFailure that
 * carries the API's alerts.
 */
export function createApiClient(options: ClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const credentials: RequestCredentials = baseUrl ? 'include' : 'same-origin';

  async function call<T>(
    method: string,
    path: string,
    body: unknown,
    query?: Query,
    version?: string,
  ): Promise<ApiResult<T>> {
    const init: RequestInit = { method, credentials, headers: { Accept: 'application/json' } };
    if (method !== 'GET') {
      init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
      if (body !== undefined) init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await options.fetch(apiUrl(baseUrl, path, query, version), init);
    } catch {
      throw new ApiFailure(0, [{ level: 'error', text: 'The daemon cannot be reached. Is it running?' }]);
    }
    const { body: json, alerts } = await readAlerts(res);
    if (!res.ok) {
      const failure = new ApiFailure(
        res.status,
        alerts.length ? alerts : [{ level: 'error', text: `The server answered ${res.status}.` }],
      );
      if (res.status === 401) options.onUnauthorized?.(failure.alerts);
      throw failure;
    }
    return { response: (json?.response ?? null) as T, alerts };
  }

  return {
    get: (path, query) => call('GET', path, undefined, query),
    post: (path, body, query) => call('POST', path, body, query),
    put: (path, body, query) => call('PUT', path, body, query),
    del: (path, query) => call('DELETE', path, undefined, query),
    delAt: (version, path, query) => call('DELETE', path, undefined, query, version),
  };
}
