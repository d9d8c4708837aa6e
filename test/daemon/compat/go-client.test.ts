import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, listenLocal, type GoAnswer } from '../../helpers/go-session.js';
import { GO, GO_DS, expectShape, type Shape } from '../../helpers/go-types.js';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * What the Traffic Ops Go client of the 1.x line does (its apiBase is /api/1.5; some methods hard-code 1.3/1.4,
 * reference/traffic-ops-1.4-1.5-types.md §8), over real HTTP against a listening daemon: every answer's fields
 * must carry the JSON types its structs decode, or the client fails.
 */

let t: GoldenApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await goldenApp();
  base = await listenLocal(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Answer = GoAnswer;

const request = go.request;

/** `ErrUnlessOK`: a status of 300 or more is an error; 501 means the client is newer than the server. */
function expectOk(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
}

function expectRecords(answer: Answer, shape: Shape, what: string): Record<string, unknown>[] {
  expectOk(answer, what);
  const list = answer.body.response as Record<string, unknown>[];
  expect(Array.isArray(list) && list.length > 0, `${what} answers records`).toBe(true);
  list.forEach((r, i) => expectShape(r, shape, `${what}[${i}]`, { ordered: true }));
  return list;
}

/** tc.User as json.Marshal writes it: every key, nil as null; the password keys and roleName only when set. */
function marshalUser(fields: Record<string, unknown>): Record<string, unknown> {
  const keys = [
    'username',
    'registrationSent',
    'localPasswd',
    'confirmLocalPasswd',
    'addressLine1',
    'addressLine2',
    'city',
    'company',
    'country',
    'email',
    'fullName',
    'gid',
    'id',
    'newUser',
    'phoneNumber',
    'postalCode',
    'publicSshKey',
    'role',
    'stateOrProvince',
    'tenant',
    'tenantId',
    'uid',
    'lastUpdated',
  ];
  const omitEmpty = new Set(['localPasswd', 'confirmLocalPasswd']);
  return Object.fromEntries(
    keys.filter((k) => !omitEmpty.has(k) || fields[k] !== undefined).map((k) => [k, fields[k] ?? null]),
  );
}

describe('the Traffic Ops Go client (1.x) against cdnctl', () => {
  it('logs in at /api/1.5 and finds exactly the success text it checks', async () => {
    const answer = await request('POST', '/api/1.5/user/login', { u: 'admin', p: PASSWORDS.admin });
    expectOk(answer, 'login');
    expect(answer.body).toEqual({ alerts: [{ text: 'Successfully logged in.', level: 'success' }] });
    expect(go.jar).toMatch(/^mojolicious=/);
  });

  it('reads users, a user by name and id, and the current user', async () => {
    const users = expectRecords(await request('GET', '/api/1.5/users'), GO.userGet, 'GetUsers');
    const [admin] = expectRecords(
      await request('GET', '/api/1.5/users?username=admin'),
      GO.userGet,
      'GetUserByUsername',
    );
    expect(users.some((u) => u.id === admin.id)).toBe(true);
    expectRecords(await request('GET', `/api/1.5/users/${admin.id}`), GO.userGet, 'GetUserByID');
    const current = await request('GET', '/api/1.5/user/current');
    expectOk(current, 'GetUserCurrent');
    expectShape(current.body.response, GO.userCurrent, 'GetUserCurrent', { ordered: true });
  });

  it('reads delivery services by xmlId and by id (V15) and a user’s delivery services', async () => {
    const [ds1] = expectRecords(
      await request('GET', '/api/1.5/deliveryservices?xmlId=ds1'),
      GO_DS.v15,
      'GetDeliveryServiceByXMLIDNullable',
    );
    expect(ds1.xmlId).toBe('ds1');
    expectRecords(
      await request('GET', `/api/1.5/deliveryservices/${ds1.id}.json`),
      GO_DS.v15,
      'GetDeliveryServiceNullable',
    );
    expectRecords(await request('GET', '/api/1.5/deliveryservices.json'), GO_DS.v15, 'GetDeliveryServicesNullable');
    expectRecords(
      await request('GET', `/api/1.5/users/${t.ids.users.ro_user}/deliveryservices`),
      GO_DS.v15,
      'GetUserDeliveryServices',
    );
  });

  it('reads profiles, tenants, roles and CDNs at the versions it uses', async () => {
    // GetProfiles hard-codes /api/1.3, where the seed's types hold (BEHAVIOR.md §1): checked here at 1.5.
    expectRecords(await request('GET', '/api/1.5/profiles'), GO.profile, 'GetProfiles');
    expectOk(await request('GET', '/api/1.3/profiles'), 'GetProfiles at 1.3');
    const [root] = expectRecords(await request('GET', '/api/1.5/tenants?name=root'), GO.rootTenant, 'TenantByName');
    expectRecords(await request('GET', '/api/1.5/tenants?name=tenant-a'), GO.tenant, 'TenantByName');
    const [role] = expectRecords(await request('GET', '/api/1.4/roles?name=read-only'), GO.role, 'GetRoleByName');
    expectRecords(await request('GET', '/api/1.3/cdns'), GO.cdn, 'GetCDNs');
    expect(root.id).toBeTypeOf('number');
    expect(role.capabilities).toEqual([]);
  });

  it('creates a user at users.json with the body json.Marshal(tc.User) makes', async () => {
    const [root] = (await request('GET', '/api/1.5/tenants?name=root')).body.response as { id: number }[];
    const [role] = (await request('GET', '/api/1.4/roles?name=read-only')).body.response as { id: number }[];
    const body = marshalUser({
      username: 'goclient_user',
      localPasswd: 'G0ClientPassw0rd!',
      confirmLocalPasswd: 'G0ClientPassw0rd!',
      email: 'goclient@example.test',
      fullName: 'Go Client',
      role: role.id,
      tenantId: root.id,
    });
    const answer = await request('POST', '/api/1.5/users.json', body);
    expectOk(answer, 'CreateUser');
    expect(answer.body.alerts).toEqual([{ text: 'user was created.', level: 'success' }]);
    expectShape(answer.body.response, GO.user, 'CreateUser', { ordered: true });
    expect(answer.body.response).toMatchObject({
      username: 'goclient_user',
      roleName: 'read-only',
      role: role.id,
      tenantId: root.id,
    });
  });

  it('updates the current user with {"user": tc.User}, nulls included', async () => {
    const current = (await request('GET', '/api/1.5/user/current')).body.response as Record<string, unknown>;
    const user = marshalUser({ ...current, localUser: undefined, roleName: undefined, company: 'Go Client Inc.' });
    delete user.localUser;
    const answer = await request('PUT', '/api/1.5/user/current', { user });
    expectOk(answer, 'UpdateCurrentUser');
    expect(answer.body.alerts).toEqual([{ text: 'User profile was successfully updated', level: 'success' }]);
    expectShape(answer.body.response, GO.user, 'UpdateCurrentUser', { ordered: true });
    expect(answer.body.response).toMatchObject({ company: 'Go Client Inc.' });
  });

  it('creates, lists and deletes an invalidation job at /jobs', async () => {
    const [ds1] = (await request('GET', '/api/1.5/deliveryservices?xmlId=ds1')).body.response as { id: number }[];
    // InvalidationJobInput: startTime is a Time, which Go marshals as RFC 3339.
    const created = await request('POST', '/api/1.5/jobs', {
      deliveryService: ds1.id,
      regex: '/goclient/.*',
      startTime: '2026-11-21T13:00:00Z',
      ttl: 24,
    });
    expectOk(created, 'CreateInvalidationJob');
    expect(created.body.alerts?.at(-1)?.level).toBe('success');
    expect(created.headers.get('location')).toMatch(/\/api\/1\.4\/jobs\?id=\d+$/);
    const jobs = expectRecords(
      await request('GET', `/api/1.5/jobs?deliveryService=ds1&userId=${t.ids.users.admin}`),
      GO.invalidationJob,
      'GetInvalidationJobs',
    );
    const job = jobs.find((j) => j.assetUrl === 'http://ds1-origin.example.test/goclient/.*');
    expect(job).toBeDefined();
    expectRecords(await request('GET', `/api/1.5/jobs?dsId=${ds1.id}`), GO.invalidationJob, 'GetJobs by dsId');
    const deleted = await request('DELETE', `/api/1.5/jobs?id=${job?.id}`);
    expectOk(deleted, 'delete job');
    expectShape(deleted.body.response, GO.invalidationJob, 'delete job', { ordered: true });
    expect(((await request('GET', `/api/1.5/jobs?id=${job?.id}`)).body.response as unknown[]).length).toBe(0);
  });

  it('reads origins at 1.3 and federation users at 1.5', async () => {
    expectRecords(await request('GET', '/api/1.3/origins'), GO.origin, 'GetOrigins');
    const assigned = await request('POST', `/api/1.5/federations/${t.ids.federation}/users`, {
      userIds: [t.ids.users.ro_user],
      replace: false,
    });
    expectOk(assigned, 'CreateFederationUsers');
    expectRecords(
      await request('GET', `/api/1.5/federations/${t.ids.federation}/users`),
      GO.federationUser,
      'GetFederationUsers',
    );
  });

  it('gets 501 above 1.5, which the client reports as "probably newer than Traffic Ops"', async () => {
    expect((await request('GET', '/api/1.6/users')).status).toBe(501);
  });
});
