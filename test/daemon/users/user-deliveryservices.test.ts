import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, responseOf, worldSessions, type Client, type WorldApp } from './fixtures.js';

type Rec = Record<string, unknown>;

let t: WorldApp;
let api: Client;
let cookies: Record<string, string>;

// tenanta_user also holds ds1 (root's), which a tenant-a requester must not see.
const assignRootDs = (app: WorldApp) =>
  app.db
    .prepare('INSERT INTO deliveryservice_users (deliveryservice_id, user_id) VALUES (?, ?)')
    .run(app.world.ds.ds1, app.world.users.opsA);

beforeAll(async () => {
  ({ t, api, cookies } = await worldSessions(['admin', 'ro', 'opsA'], { prepare: assignRootDs }));
});
afterAll(() => t.close());

const xmlIds = (res: Parameters<typeof responseOf>[0]) => responseOf<Rec[]>(res).map((d) => d.xmlId);
const notFoundUser = { status: 404, alerts: [{ text: 'user not found', level: 'error' }] };

describe('GET users/:id/deliveryservices', () => {
  // 1.1 and 1.3 are beyond the seed's 1.2: Traffic Ops' DeliveryServiceNullable with its warning (issue 34).
  it.each(['1.1', '1.3'])("answers Traffic Ops' record (numbers) and its warning at %s", async (v) => {
    const res = await api.get(`/api/${v}/users/${t.world.users.ro}/deliveryservices`, cookies.admin);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { alerts: { level: string }[] }).alerts.map((a) => a.level)).toEqual(['warning']);
    const list = responseOf<Rec[]>(res);
    expect(list.map((d) => d.xmlId)).toEqual(['ds1', 'ds2']);
    expect(list[0]).toMatchObject({ id: t.world.ds.ds1, displayName: 'DS One', tenantId: t.world.tenants.root });
    expect(typeof list[0].cdnId).toBe('number');
    expect(list[0].ecsEnabled).toBe(false);
  });

  it.each(['1.2'])('answers the assigned delivery services in the seed shape at %s', async (v) => {
    const res = await api.get(`/api/${v}/users/${t.world.users.ro}/deliveryservices`, cookies.admin);
    expect(res.statusCode).toBe(200);
    const list = responseOf<Rec[]>(res);
    expect(list.map((d) => d.xmlId)).toEqual(['ds1', 'ds2']);
    expect(list[0]).toMatchObject({
      id: String(t.world.ds.ds1),
      displayName: 'DS One',
      tenant: 'root',
      tenantId: t.world.tenants.root,
      active: true,
    });
    expect(typeof list[0].cdnId).toBe('string');
    expect(typeof list[0].typeId).toBe('string');
    expect(typeof list[0].signed).toBe('boolean');
  });

  it('lists only the delivery services the requester may see', async () => {
    expect(xmlIds(await api.get(`/api/1.2/users/${t.world.users.opsA}/deliveryservices`, cookies.admin))).toEqual([
      'ds1',
      'ds2',
    ]);
    expect(xmlIds(await api.get(`/api/1.2/users/${t.world.users.opsA}/deliveryservices`, cookies.opsA))).toEqual([
      'ds2',
    ]);
  });

  it('answers 200 and an empty list for a user of a tenant the requester cannot see, as for a missing one (as Traffic Ops did)', async () => {
    for (const v of ['1.1', '1.2', '1.3']) {
      // The seed's 1.2 answers the list alone; elsewhere Traffic Ops' deprecation warning comes first.
      const warned = (body: unknown) => (v === '1.2' ? body : { alerts: [expect.any(Object)], ...(body as object) });
      const hidden = await api.get(`/api/${v}/users/${t.world.users.ro}/deliveryservices`, cookies.opsA);
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toEqual(warned({ response: [] }));
      const missing = await api.get(`/api/${v}/users/99999/deliveryservices`, cookies.admin);
      expect(missing.json()).toEqual(warned({ response: [] }));
    }
  });

  it('answers 400 for a non-integer id', async () => {
    expect(errorOf(await api.get('/api/1.2/users/abc/deliveryservices', cookies.admin))).toEqual({
      status: 400,
      alerts: [{ text: 'id cannot parse to integer', level: 'error' }],
    });
  });

  it('is served from 1.1, as Traffic Ops declared it', async () => {
    expect(xmlIds(await api.get(`/api/1.1/users/${t.world.users.ro}/deliveryservices`, cookies.admin))).toEqual([
      'ds1',
      'ds2',
    ]);
  });

  it.each(['1.4', '1.5'])(
    'answers the Go server record (V15 as users/:id/deliveryservices filled it) with the deprecation warning at %s',
    async (v) => {
      const res = await api.get(`/api/${v}/users/${t.world.users.ro}/deliveryservices`, cookies.admin);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { alerts: unknown[]; response: Rec[] };
      expect(body.alerts).toEqual([
        {
          text: 'This endpoint is deprecated, please use GET deliveryservices?accessibleTo={{tenantId} instead',
          level: 'warning',
        },
      ]);
      expect(body.response.map((d) => d.xmlId)).toEqual(['ds1', 'ds2']);
      expect(body.response[0]).toMatchObject({
        id: t.world.ds.ds1,
        exampleURLs: null,
        matchList: null,
        signed: false,
        ecsEnabled: false,
      });
      expect(Object.keys(body.response[0]).slice(-2)).toEqual(['ecsEnabled', 'rangeSliceBlockSize']);
      expect(typeof body.response[0].cdnId).toBe('number');
      expect(typeof body.response[0].missLat).toBe('number');
    },
  );

  it('answers a bad id at 1.5 with the warning before the error, as Traffic Ops', async () => {
    expect(errorOf(await api.get('/api/1.5/users/abc/deliveryservices', cookies.admin))).toEqual({
      status: 400,
      alerts: [
        {
          text: 'This endpoint is deprecated, please use GET deliveryservices?accessibleTo={{tenantId} instead',
          level: 'warning',
        },
        { text: "getting integer parameters: parameter 'id' not an integer", level: 'error' },
      ],
    });
  });
});

describe('GET user/:id/deliveryservices/available', () => {
  it("answers Traffic Ops' UserAvailableDS (id a number) at 1.3", async () => {
    const res = await api.get(`/api/1.3/user/${t.world.users.ro}/deliveryservices/available`, cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual([
      { id: t.world.ds.ds3, displayName: 'DS Three', xmlId: 'ds3' },
      { id: t.world.ds.ds4, displayName: 'DS Four', xmlId: 'ds4' },
      { id: t.world.ds.ds5, displayName: 'DS Five', xmlId: 'ds5' },
    ]);
  });

  it.each(['1.2'])('answers {id, displayName, xmlId} of the unassigned ones, ordered by xmlId, at %s', async (v) => {
    const res = await api.get(`/api/${v}/user/${t.world.users.ro}/deliveryservices/available`, cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual([
      { id: String(t.world.ds.ds3), displayName: 'DS Three', xmlId: 'ds3' },
      { id: String(t.world.ds.ds4), displayName: 'DS Four', xmlId: 'ds4' },
      { id: String(t.world.ds.ds5), displayName: 'DS Five', xmlId: 'ds5' },
    ]);
  });

  it('offers only what both the requester and the user may see', async () => {
    // tenanta_user sees tenant-a and tenant-a1; ds2 is assigned already.
    expect(
      xmlIds(await api.get(`/api/1.2/user/${t.world.users.opsA}/deliveryservices/available`, cookies.admin)),
    ).toEqual(['ds5']);
    expect(
      xmlIds(await api.get(`/api/1.2/user/${t.world.users.roB}/deliveryservices/available`, cookies.admin)),
    ).toEqual([]);
    expect(
      xmlIds(await api.get(`/api/1.2/user/${t.world.users.opsA}/deliveryservices/available`, cookies.opsA)),
    ).toEqual(['ds5']);
  });

  it('reflects a new assignment on the next request, although answers are cached', async () => {
    const url = `/api/1.2/user/${t.world.users.ro}/deliveryservices/available`;
    const assignment = [t.world.ds.ds3, t.world.users.ro];
    expect(xmlIds(await api.get(url, cookies.admin))).toEqual(['ds3', 'ds4', 'ds5']);
    t.db.prepare('INSERT INTO deliveryservice_users (deliveryservice_id, user_id) VALUES (?, ?)').run(...assignment);
    expect(xmlIds(await api.get(url, cookies.admin))).toEqual(['ds4', 'ds5']);
    t.db.prepare('DELETE FROM deliveryservice_users WHERE deliveryservice_id = ? AND user_id = ?').run(...assignment);
    expect(xmlIds(await api.get(url, cookies.admin))).toEqual(['ds3', 'ds4', 'ds5']);
  });

  it('answers 404 user not found for a missing or invisible user', async () => {
    expect(errorOf(await api.get('/api/1.2/user/99999/deliveryservices/available', cookies.admin))).toEqual(
      notFoundUser,
    );
    expect(
      errorOf(await api.get(`/api/1.2/user/${t.world.users.admin}/deliveryservices/available`, cookies.opsA)),
    ).toEqual(notFoundUser);
  });

  it('answers 400 for a non-integer id', async () => {
    expect(errorOf(await api.get('/api/1.2/user/x1/deliveryservices/available', cookies.admin)).status).toBe(400);
  });

  it.each(['1.4', '1.5'])('answers numeric ids with the deprecation warning at %s, under both spellings', async (v) => {
    for (const suffix of ['', '.json']) {
      const res = await api.get(
        `/api/${v}/user/${t.world.users.ro}/deliveryservices/available${suffix}`,
        cookies.admin,
      );
      expect(res.json()).toEqual({
        alerts: [{ text: 'This endpoint is deprecated, and will be removed in the future', level: 'warning' }],
        response: [
          { id: t.world.ds.ds3, displayName: 'DS Three', xmlId: 'ds3' },
          { id: t.world.ds.ds4, displayName: 'DS Four', xmlId: 'ds4' },
          { id: t.world.ds.ds5, displayName: 'DS Five', xmlId: 'ds5' },
        ],
      });
    }
    const missing = await api.get(`/api/${v}/user/99999/deliveryservices/available`, cookies.admin);
    expect(errorOf(missing)).toEqual({
      status: 404,
      alerts: [
        { text: 'This endpoint is deprecated, and will be removed in the future', level: 'warning' },
        { text: 'user not found', level: 'error' },
      ],
    });
  });

  it('is not served without the .json suffix at 1.1', async () => {
    expect(
      (await api.get(`/api/1.1/user/${t.world.users.ro}/deliveryservices/available`, cookies.admin)).statusCode,
    ).toBe(404);
  });
});

describe('GET user/:id/deliveryservices/available.json', () => {
  it("answers Traffic Ops' UserAvailableDS at 1.3 (beyond the seed's 1.1/1.2)", async () => {
    const res = await api.get(`/api/1.3/user/${t.world.users.ro}/deliveryservices/available.json`, cookies.ro);
    expect(res.statusCode).toBe(200);
    expect(responseOf<Rec[]>(res).map((d) => d.id)).toEqual([t.world.ds.ds3, t.world.ds.ds4, t.world.ds.ds5]);
  });

  it.each(['1.1', '1.2'])('answers {xmlId, id} at %s', async (v) => {
    const res = await api.get(`/api/${v}/user/${t.world.users.ro}/deliveryservices/available.json`, cookies.ro);
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual([
      { xmlId: 'ds3', id: String(t.world.ds.ds3) },
      { xmlId: 'ds4', id: String(t.world.ds.ds4) },
      { xmlId: 'ds5', id: String(t.world.ds.ds5) },
    ]);
  });

  it('answers 404 user not found for a missing user at 1.1', async () => {
    expect(errorOf(await api.get('/api/1.1/user/99999/deliveryservices/available.json', cookies.admin))).toEqual(
      notFoundUser,
    );
  });

  it('answers 401 without a session', async () => {
    expect((await api.get(`/api/1.1/user/${t.world.users.ro}/deliveryservices/available.json`)).statusCode).toBe(401);
  });
});
