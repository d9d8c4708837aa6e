import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { GOLDEN_SNAPSHOT } from '../security/fixture.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../../helpers/app.js';
import type { StoreKind } from '../../helpers/store-kinds.js';

export const CACHES_SNAPSHOT = new URL('../../fixtures/caches.snapshot.json', import.meta.url);

export const PASSWORDS = {
  admin: ADMIN_PASSWORD,
  ops_user: '0psUserPassw0rd',
  ro_user: 'R3adOnlyPassw0rd',
  tenanta_user: '0psUserPassw0rd',
  extension: 'Ext3nsionPassw0rd',
  ort_user: '0rtUserPassw0rd!',
} as const;
export type Who = keyof typeof PASSWORDS;

export interface CachesApp extends TestApp {
  cookie: Record<Who, string>;
  /** A server's id by host name. */
  id(hostName: string): Promise<number>;
  call(
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** The golden setup plus cdn1's caches (on SQLite unless told): MID group mid-cg over EDGE groups edge-cg1 and edge-cg2. */
export async function cachesApp(storeKind: StoreKind = 'sqlite'): Promise<CachesApp> {
  const t = await makeApp({ storeKind });
  const target = storeKind === 'sqlite' ? t.db : t.store;
  await importSnapshot(target, JSON.parse(readFileSync(GOLDEN_SNAPSHOT, 'utf8')), { now: t.clock.now() });
  await importSnapshot(target, JSON.parse(readFileSync(CACHES_SNAPSHOT, 'utf8')), { now: t.clock.now() });
  const cookie = {} as Record<Who, string>;
  for (const [who, password] of Object.entries(PASSWORDS)) cookie[who as Who] = await login(t.app, who, password);
  return {
    ...t,
    cookie,
    async id(hostName) {
      const s = await t.store.servers.byHostName(hostName, null);
      if (!s) throw new Error(`no server ${hostName}`);
      return s.id;
    },
    call(who, method, url, payload) {
      return t.app.inject({
        method,
        url,
        headers: { cookie: cookie[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
  };
}
