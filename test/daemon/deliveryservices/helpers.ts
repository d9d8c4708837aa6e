import { expect } from 'vitest';
import { goldenApp, type GoldenApp, type Username } from '../security/fixture.js';
import type { StoreKind } from '../../helpers/store-kinds.js';
import type { Vault } from '../../../daemon/services/vault/vault.js';

/** An answer of the app, its body parsed. */
export interface Answer {
  status: number;
  body: { alerts?: Array<{ text: string; level: string }>; response?: unknown };
}

/** The golden app with a session per user, and helpers for delivery-service tests (issue 31). */
export interface DsHarness {
  t: GoldenApp;
  call(as: Username | null, method: string, url: string, payload?: unknown): Promise<Answer>;
  /** cdn1's id, the HTTP and DNS type ids, the root and tenant-a tenant ids. */
  refs: { cdnId: number; types: Record<string, number>; root: number; tenantA: number };
  /** A valid 1.5 body of an HTTP delivery service named `xmlId` in `tenantId` (default root). */
  httpBody(xmlId: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /** The change-log messages written since `mark()`. */
  mark(): Promise<() => Promise<string[]>>;
}

export async function dsHarness(kind: StoreKind, options: { vault?: Vault } = {}): Promise<DsHarness> {
  const t = await goldenApp({ storeKind: kind, ...options });
  const cookies = new Map<Username, string>();
  async function call(as: Username | null, method: string, url: string, payload?: unknown): Promise<Answer> {
    const cookie = as === null ? undefined : (cookies.get(as) ?? (await t.session(as)));
    if (as !== null && cookie) cookies.set(as, cookie);
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Answer['body']) : {} };
  }
  const types: Record<string, number> = {};
  for (const name of ['HTTP', 'HTTP_LIVE', 'DNS', 'ANY_MAP', 'STEERING', 'CLIENT_STEERING']) {
    const type = await t.store.typeLookup.find('deliveryservice', { name });
    if (!type) throw new Error(`type ${name} missing`);
    types[name] = type.id;
  }
  const refs = { cdnId: t.ids.cdn.id, types, root: t.ids.tenants.root, tenantA: t.ids.tenants.tenantA };
  const httpBody = (xmlId: string, extra: Record<string, unknown> = {}) => ({
    xmlId,
    displayName: `DS ${xmlId}`,
    active: true,
    cdnId: refs.cdnId,
    typeId: types.HTTP,
    tenantId: refs.root,
    dscp: 0,
    geoLimit: 0,
    geoProvider: 0,
    logsEnabled: false,
    regionalGeoBlocking: false,
    initialDispersion: 1,
    ipv6RoutingEnabled: false,
    protocol: 0,
    missLat: 41.5,
    missLong: -87.5,
    multiSiteOrigin: false,
    qstringIgnore: 0,
    rangeRequestHandling: 0,
    orgServerFqdn: `http://${xmlId}-origin.example.test:8080`,
    ...extra,
  });
  async function mark() {
    const seen = new Set(
      ((await call('admin', 'GET', '/api/1.5/logs')).body.response as Array<{ id: number }>).map((e) => e.id),
    );
    return async () => {
      const now = (await call('admin', 'GET', '/api/1.5/logs')).body.response as Array<{ id: number; message: string }>;
      return now.filter((e) => !seen.has(e.id)).map((e) => e.message);
    };
  }
  return { t, call, refs, httpBody, mark };
}

/** Expects a single error alert. */
export function expectError(res: Answer, status: number, text: string): void {
  expect({ status: res.status, alerts: res.body.alerts }).toEqual({ status, alerts: [{ level: 'error', text }] });
}

/** The response of a successful answer, asserting the status first. */
export function ok<T>(res: Answer): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response as T;
}
