import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { call, expectRefused, type Answer } from './client.js';
import { fixtureApp, type Fixture, type UserKey } from './fixtures.js';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp());
});
afterAll(() => t.close());

let counter = 0;
/** A fresh non-primary origin on `dsId`. */
function addOrigin(dsId: number, tenantId: number | null = null): number {
  counter += 1;
  return Number(
    t.db
      .prepare(
        "INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated) VALUES (?, 'x.example.test', 'http', ?, ?, 0)",
      )
      .run(`doomed-${counter}`, dsId, tenantId).lastInsertRowid,
  );
}
const exists = (id: number) => t.db.prepare('SELECT 1 FROM origins WHERE id = ?').get(id) !== undefined;
const del = (path: string, who: UserKey = 'admin') => call(t.app, 'DELETE', path, cookies[who]);

const refused = (send: () => Promise<Answer>, status: number, text: string) =>
  expectRefused(t.db, 'origins', send, status, text);

describe.each(['origin', 'origins'])('DELETE %s?id=', (path) => {
  it('answers 404 at 1.1 and 1.2 and deletes nothing', async () => {
    const id = addOrigin(f.ds1);
    for (const v of ['1.1', '1.2']) {
      await refused(
        () => del(`/api/${v}/${path}?id=${id}`),
        404,
        `The requested path '/api/${v}/${path}' does not exist.`,
      );
    }
  });

  it('deletes a non-primary origin', async () => {
    const id = addOrigin(f.ds1);
    const res = await del(`/api/1.3/${path}?id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alerts: [{ text: 'origin was deleted.', level: 'success' }] });
    expect(exists(id)).toBe(false);
    await refused(() => del(`/api/1.3/${path}?id=${id}`), 404, 'origin not found');
  });

  it('refuses to delete a primary origin', async () => {
    await refused(() => del(`/api/1.3/${path}?id=${f.primary.ds1}`), 400, 'cannot delete a primary origin');
  });

  it.each([
    ['', 400, 'missing key: id'],
    ['?id=', 400, 'failed to parse key: id'],
    ['?id=x1', 400, 'failed to parse key: id'],
    ['?id=424242', 404, 'origin not found'],
  ])('answers %s with %i %s', async (query, status, text) => {
    await refused(() => del(`/api/1.3/${path}${query}`), status, text);
  });

  it('lets admin and operations users delete, not read-only or portal users or anonymous callers', async () => {
    for (const who of ['admin', 'ops'] as UserKey[]) {
      const id = addOrigin(f.ds1);
      expect((await del(`/api/1.3/${path}?id=${id}`, who)).status).toBe(200);
    }
    const id = addOrigin(f.ds1);
    for (const who of ['ro', 'portal'] as UserKey[])
      await refused(() => del(`/api/1.3/${path}?id=${id}`, who), 403, 'Forbidden.');
    await refused(() => call(t.app, 'DELETE', `/api/1.3/${path}?id=${id}`), 401, 'Unauthorized, please log in.');
  });

  it('lets a tenant-a user delete only origins of tenant-a', async () => {
    const own = addOrigin(f.ds2, f.tenantA);
    expect((await del(`/api/1.3/${path}?id=${own}`, 'tenanta')).status).toBe(200);
    const rootOnRootDs = addOrigin(f.ds1);
    const rootOnTenantADs = addOrigin(f.ds2, f.rootTenant);
    await refused(() => del(`/api/1.3/${path}?id=${rootOnRootDs}`, 'tenanta'), 403, 'not authorized on this tenant');
    await refused(() => del(`/api/1.3/${path}?id=${rootOnTenantADs}`, 'tenanta'), 403, 'not authorized on this tenant');
  });
});
