import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { expectRefused, send } from '../tenants/golden-client.js';

/**
 * POST users/register with the e-mail forms real clients send (issue 31): the Go client marshals its
 * rfc.EmailAddress as `"<addr>"` (Go's mail.Address without a name), and an address with a display name
 * (`"Name <addr>"`) is what mail.ParseAddress also accepts. The pending user keeps the bare address.
 */
eachStore((kind) => {
  let t: GoldenApp;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
  });
  afterAll(() => t.close());

  const register = (email: unknown) =>
    send(t, 'POST', '/api/1.5/users/register', 'admin', { email, role: 3, tenantId: t.ids.tenants.tenantA });
  const text = (addr: string) =>
    `Sent user registration to ${addr} with the following permissions [ role: read-only | tenant: tenant-a ]`;

  describe('POST users/register e-mail forms', () => {
    it.each([
      ['the Go client’s angle-bracket form', '<go-client@example.test>', 'go-client@example.test'],
      ['a display name', 'New Person <named@example.test>', 'named@example.test'],
      ['a quoted display name', '"Person, New" <quoted@example.test>', 'quoted@example.test'],
      ['a bare address with spaces around', '  bare@example.test ', 'bare@example.test'],
    ])('accepts %s and stores the bare address', async (_name, email, addr) => {
      const res = await register(email);
      expect(res.body).toEqual({ alerts: [{ text: text(addr), level: 'success' }] });
      expect(res.status).toBe(200);
      expect(await t.store.users.byEmail(addr)).toMatchObject({ newUser: true, tenantId: t.ids.tenants.tenantA });
    });

    it.each([['<>'], ['Name <not-an-address>'], ['<a@example.test'], ['a@example.test>'], ['<a@b.test> trailing']])(
      'refuses %s',
      async (email) => {
        await expectRefused(t, () => register(email), 400, "'email' must be a valid email address");
      },
    );
  });
});
