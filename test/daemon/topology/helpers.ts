import type { LightMyRequestResponse } from 'fastify';
import { goldenApp, type GoldenApp, type Username } from '../security/fixture.js';
import type { StoreKind } from '../../helpers/store-kinds.js';

export type Who = Extract<Username, 'admin' | 'ops_user' | 'ro_user' | 'portal_user' | 'tenanta_user'>;
const WHO: Who[] = ['admin', 'ops_user', 'ro_user', 'portal_user', 'tenanta_user'];

export interface Alert {
  text: string;
  level: string;
}

export interface TopologyApp extends GoldenApp {
  call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Res>;
  /** A type's id by table and name. */
  typeId(useInTable: string, name: string): Promise<number>;
  /** The change-log messages, newest first. */
  changes(): Promise<string[]>;
}

export interface Res {
  status: number;
  body: { alerts?: Alert[]; response?: unknown } & Record<string, unknown>;
  raw: LightMyRequestResponse;
}

/** The golden setup and cdn1's caches (MID group mid-cg over edge-cg1 and edge-cg2), on `kind`, with sessions. */
export async function topologyApp(kind: StoreKind): Promise<TopologyApp> {
  const t = await goldenApp({ storeKind: kind });
  const cookies = new Map<Who, string>();
  for (const who of WHO) cookies.set(who, await t.session(who));
  return {
    ...t,
    async call(who, method, url, payload) {
      const raw = await t.app.inject({
        method,
        url,
        headers: { cookie: cookies.get(who)! },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
        ...(payload === undefined
          ? {}
          : { headers: { cookie: cookies.get(who)!, 'content-type': 'application/json' } }),
      });
      return { status: raw.statusCode, body: raw.body ? JSON.parse(raw.body) : {}, raw };
    },
    async typeId(useInTable, name) {
      return (await t.store.typeLookup.find(useInTable, { name }))!.id;
    },
    async changes() {
      const list = await t.store.changeLog.list({ since: 0, limit: 1000, visibleTenantIds: null, username: null });
      return list.map((e) => e.message);
    },
  };
}

/** The error alert texts of an answer. */
export const errors = (res: Res) => (res.body.alerts ?? []).filter((a) => a.level === 'error').map((a) => a.text);
