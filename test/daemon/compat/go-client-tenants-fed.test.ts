import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, listenLocal, type GoAnswer } from '../../helpers/go-session.js';
import { expectShape, type Shape } from '../../helpers/go-types.js';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The Traffic Ops Go client (1.x, apiBase /api/1.5; GetRoles at /api/1.4) over real HTTP: its tenant, role,
 * user-write and federation calls of issue 31, each answer with the JSON types its structs decode.
 */

let t: GoldenApp;
let base = '';
const sessions = new Map<string, GoSession>();

beforeAll(async () => {
  t = await goldenApp();
  base = await listenLocal(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Answer = GoAnswer;

/** A request in the named user's session (each user has its own cookie jar). */
function request(who: string, method: string, path: string, body?: unknown): Promise<Answer> {
  if (!sessions.has(who)) sessions.set(who, new GoSession(() => base));
  return sessions.get(who)!.request(method, path, body);
}

const ok = (a: Answer, what: string) => {
  expect(a.status, `${what}: ${JSON.stringify(a.body).slice(0, 300)}`).toBeLessThan(300);
  return a;
};

const TENANT: Shape = {
  id: 'number',
  name: 'string',
  active: 'boolean',
  lastUpdated: 'string',
  parentId: 'number',
  parentName: 'string',
};
const ROLE: Shape = { id: 'number', name: 'string', description: 'string', privLevel: 'number', capabilities: 'array' };
const CDN_FED: Shape = {
  id: 'number',
  cname: 'string',
  ttl: 'number',
  description: 'string|null',
  lastUpdated: 'string',
};
const RESOLVER: Shape = { id: 'number', ipAddress: 'string', lastUpdated: 'string', type: 'string' };

describe('the Traffic Ops Go client (1.x): tenants, roles, users, federations', () => {
  it('logs in', async () => {
    ok(await request('admin', 'POST', '/api/1.5/user/login', { u: 'admin', p: PASSWORDS.admin }), 'login');
  });

  it('GetTenants, CreateTenant, GetTenantByID, UpdateTenant, DeleteTenant', async () => {
    const list = ok(await request('admin', 'GET', '/api/1.5/tenants'), 'GetTenants').body.response as object[];
    expect(list.length).toBeGreaterThan(1);
    const created = ok(
      await request('admin', 'POST', '/api/1.5/tenants', {
        name: 'go-tenant',
        active: true,
        parentId: t.ids.tenants.root,
      }),
      'CreateTenant',
    ).body.response as { id: number };
    expectShape(created, TENANT, 'CreateTenant', { ordered: true });
    const byId = ok(await request('admin', 'GET', `/api/1.5/tenants/${created.id}`), 'GetTenantByID').body
      .response as object[];
    expectShape(byId[0], TENANT, 'GetTenantByID', { ordered: true });
    const updated = ok(
      await request('admin', 'PUT', `/api/1.5/tenants/${created.id}`, {
        name: 'go-tenant2',
        active: false,
        parentId: t.ids.tenants.root,
      }),
      'UpdateTenant',
    );
    expectShape(updated.body.response, TENANT, 'UpdateTenant', { ordered: true });
    const deleted = ok(await request('admin', 'DELETE', `/api/1.5/tenants/${created.id}`), 'DeleteTenant');
    expect(deleted.body.alerts?.[0].text).toBe('tenant was deleted.');
  });

  it('GetRoles at /api/1.4', async () => {
    const roles = ok(await request('admin', 'GET', '/api/1.4/roles'), 'GetRoles').body.response as object[];
    roles.forEach((r, i) => expectShape(r, ROLE, `GetRoles[${i}]`, { ordered: true }));
  });

  it('UpdateUserByID and RegisterNewUser (the rfc.EmailAddress "<addr>" form)', async () => {
    const id = t.ids.users.ro_user;
    const updated = ok(
      await request('admin', 'PUT', `/api/1.5/users/${id}`, {
        username: 'ro_user',
        email: 'ro@example.test',
        fullName: 'Read Only (Go)',
        role: 3,
        tenantId: t.ids.tenants.root,
      }),
      'UpdateUserByID',
    );
    expect(updated.body.alerts).toEqual([{ text: 'user was updated.', level: 'success' }]);
    expect((updated.body.response as { fullName: string }).fullName).toBe('Read Only (Go)');
    const registered = ok(
      await request('admin', 'POST', '/api/1.5/users/register', {
        email: '<go-invitee@example.test>',
        role: 6,
        tenantId: t.ids.tenants.root,
      }),
      'RegisterNewUser',
    );
    expect(registered.body.alerts?.[0].level).toBe('success');
  });

  it('CreateCDNFederationByName, GetCDNFederationsByName, UpdateCDNFederationsByID, CreateFederationDeliveryServices, CreateFederationUsers', async () => {
    const created = ok(
      await request('admin', 'POST', '/api/1.5/cdns/cdn1/federations', {
        cname: 'go-fed.example.test.',
        ttl: 120,
        description: 'go',
      }),
      'CreateCDNFederationByName',
    ).body.response as { id: number };
    expectShape(created, CDN_FED, 'CreateCDNFederationByName', { ordered: true });
    const listed = ok(await request('admin', 'GET', '/api/1.5/cdns/cdn1/federations'), 'GetCDNFederationsByName').body
      .response as { id: number }[];
    expect(listed.some((f) => f.id === created.id)).toBe(true);
    const updated = ok(
      await request('admin', 'PUT', `/api/1.5/cdns/cdn1/federations/${created.id}`, {
        cname: 'go-fed.example.test.',
        ttl: 60,
        description: 'go2',
      }),
      'UpdateCDNFederationsByID',
    );
    expectShape(updated.body.response, CDN_FED, 'UpdateCDNFederationsByID', { ordered: true });
    ok(
      await request('admin', 'POST', `/api/1.5/federations/${created.id}/deliveryservices`, {
        dsIds: [t.ids.deliveryServices.ds3],
        replace: true,
      }),
      'CreateFederationDeliveryServices',
    );
    const fedUser = ok(
      await request('admin', 'POST', '/api/1.5/users', {
        username: 'go_fed_user',
        email: 'go_fed_user@example.test',
        fullName: 'Go Federation User',
        localPasswd: 'G0-Federation-Passw0rd',
        confirmLocalPasswd: 'G0-Federation-Passw0rd',
        role: 6,
        tenantId: t.ids.tenants.root,
      }),
      'CreateUser',
    ).body.response as { id: number };
    ok(
      await request('admin', 'POST', `/api/1.5/federations/${created.id}/users`, {
        userIds: [fedUser.id],
        replace: false,
      }),
      'CreateFederationUsers',
    );
    ok(
      await request('fed', 'POST', '/api/1.5/user/login', { u: 'go_fed_user', p: 'G0-Federation-Passw0rd' }),
      'login fed',
    );
  });

  it('Federations, AddFederationResolverMappingsForCurrentUser, ReplaceFederationResolverMappingsForCurrentUser, DeleteFederationResolverMappingsForCurrentUser', async () => {
    const add = ok(
      await request('fed', 'POST', '/api/1.5/federations', [
        { deliveryService: 'ds3', mappings: { resolve4: ['192.0.2.50'], resolve6: [] } },
      ]),
      'AddFederationResolverMappingsForCurrentUser',
    );
    expect(typeof add.body.response).toBe('string');
    const mine = ok(await request('fed', 'GET', '/api/1.5/federations'), 'Federations').body.response as {
      deliveryService: string;
      mappings: { ttl: number; cname: string; resolve4?: string[] }[];
    }[];
    expect(mine).toEqual([
      { mappings: [{ ttl: 60, cname: 'go-fed.example.test.', resolve4: ['192.0.2.50'] }], deliveryService: 'ds3' },
    ]);
    const replaced = ok(
      await request('fed', 'PUT', '/api/1.5/federations', [
        { deliveryService: 'ds3', mappings: { resolve4: [], resolve6: ['2001:db8::50'] } },
      ]),
      'ReplaceFederationResolverMappingsForCurrentUser',
    );
    expect(replaced.body.alerts).toHaveLength(2);
    const deleted = ok(
      await request('fed', 'DELETE', '/api/1.5/federations'),
      'DeleteFederationResolverMappingsForCurrentUser',
    );
    expect(deleted.body.response).toBe('go_fed_user successfully deleted all federation resolvers: [ 2001:db8::50 ]');
  });

  it('CreateFederationResolver, GetFederationResolvers, DeleteFederationResolver, DeleteCDNFederationByID', async () => {
    const created = ok(
      await request('admin', 'POST', '/api/1.5/federation_resolvers', {
        ipAddress: '203.0.113.0/24',
        typeId: (await t.store.typeLookup.find('federation', { name: 'RESOLVE4' }))!.id,
      }),
      'CreateFederationResolver',
    ).body.response as { id: number; type: string; typeId: number };
    expect(created.type).toBe('RESOLVE4');
    const listed = ok(await request('admin', 'GET', '/api/1.5/federation_resolvers'), 'GetFederationResolvers').body
      .response as object[];
    listed.forEach((r, i) => expectShape(r, RESOLVER, `GetFederationResolvers[${i}]`, { ordered: true }));
    ok(await request('admin', 'DELETE', `/api/1.5/federation_resolvers?id=${created.id}`), 'DeleteFederationResolver');
    const feds = ok(await request('admin', 'GET', '/api/1.5/cdns/cdn1/federations'), 'GetCDNFederationsByName').body
      .response as { id: number; cname: string }[];
    const goFed = feds.find((f) => f.cname === 'go-fed.example.test.')!;
    ok(await request('admin', 'DELETE', `/api/1.5/cdns/cdn1/federations/${goFed.id}`), 'DeleteCDNFederationByID');
  });
});
