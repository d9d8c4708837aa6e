import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { dsHarness, ok, type DsHarness } from '../deliveryservices/helpers.js';

/**
 * Issue 31, reference wave3 §7: a tenant made inactive through PUT tenants/:id leaves its users seeing nothing
 * (and acting on nothing) until it is active again; an active ancestor still sees the tenant's records.
 */
eachStore((kind) => {
  let h: DsHarness;
  beforeAll(async () => {
    h = await dsHarness(kind);
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });

  const setActive = async (active: boolean) =>
    ok(
      await h.call('admin', 'PUT', `/api/1.5/tenants/${h.refs.tenantA}`, {
        name: 'tenant-a',
        active,
        parentId: h.refs.root,
      }),
    );
  const xmlIdsSeenBy = async (who: 'tenanta_user' | 'admin') =>
    ok<Array<{ xmlId: string }>>(await h.call(who, 'GET', '/api/1.5/deliveryservices')).map((d) => d.xmlId);

  it('an inactive tenant’s user sees and changes nothing; an active ancestor still sees its records', async () => {
    expect(await xmlIdsSeenBy('tenanta_user')).toContain('ds2');
    await setActive(false);
    expect(await xmlIdsSeenBy('tenanta_user')).toEqual([]);
    expect(await xmlIdsSeenBy('admin')).toContain('ds2');
    const safe = await h.call('tenanta_user', 'PUT', `/api/1.5/deliveryservices/${h.t.ids.deliveryServices.ds2}/safe`, {
      displayName: 'not while inactive',
    });
    expect({ status: safe.status, alerts: safe.body.alerts }).toEqual({
      status: 403,
      alerts: [{ level: 'error', text: 'not authorized on this tenant' }],
    });
    await setActive(true);
    expect(await xmlIdsSeenBy('tenanta_user')).toContain('ds2');
  });
});
