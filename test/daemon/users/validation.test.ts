import { describe, expect, it } from 'vitest';
import { tokenLink } from '../../../daemon/services/mail/messages.js';
import { smtpTransportOptions } from '../../../daemon/services/mail/smtp.js';
import { applyProfileChange } from '../../../daemon/services/users/update-own-profile.js';
import { integerValue, isValidEmail, passwordFields } from '../../../shared/rules/users/fields.js';
import { usersFilter } from '../../../daemon/routes/users-list-query.js';
import { parseNewUser, parseRegistration } from '../../../shared/rules/users/validate-create.js';
import { parseProfileUpdate } from '../../../daemon/services/users/profile-change.js';
import { COMMON_PASSWORDS } from '../../../shared/rules/users/common-passwords.js';
import { isCommonPassword, passwordProblem } from '../../../shared/rules/users/password-quality.js';
import { placeholderUsernames } from '../../../daemon/store/user-writes.js';
import type { User } from '../../../daemon/store/users.js';

describe('password quality', () => {
  it.each([
    ['Abc1234', 'someone', 'Password must be greater than 7 characters.'],
    ['', 'someone', 'Password must be greater than 7 characters.'],
    ['SameAsUser', 'sameasuser', 'Your password cannot be your username.'],
    ['password', 'someone', 'Password is too common.'],
    ['PASSWORD1', 'someone', 'Password is too common.'],
    ['Qwerty123', 'someone', 'Password is too common.'],
    ['N3wUserPassw0rd', 'someone', null],
    ['Correct-Horse-9', null, null],
  ])('judges %j (username %j) as %j', (password, username, problem) => {
    expect(passwordProblem(password, username)).toBe(problem);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀', null)).toBe('Password must be greater than 7 characters.');
  });

  it("bundles a few hundred distinct common passwords, none of them the golden users' passwords", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase())).size).toBe(COMMON_PASSWORDS.length);
    for (const p of [
      'Adm1nPassw0rd!',
      'R3adOnlyPassw0rd',
      'N3wR3adOnlyPassw0rd',
      '0psUserPassw0rd',
      'N3wUserPassw0rd',
    ]) {
      expect(isCommonPassword(p)).toBe(false);
    }
  });
});

describe('isValidEmail', () => {
  it.each(['a@example.test', 'first.last+tag@sub.example.co', 'admin@localhost', "o'neil@example.test"])(
    'accepts %s',
    (e) => {
      expect(isValidEmail(e)).toBe(true);
    },
  );
  it.each([
    'nope',
    '@example.test',
    'a@',
    'a b@example.test',
    'a@exa mple.test',
    'a..b@example.test',
    '.a@example.test',
    'a@-x.test',
    'a@x..test',
    'Ro <ro@example.test>',
    `${'x'.repeat(65)}@example.test`,
  ])('refuses %s', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
});

describe('request field helpers', () => {
  it("prefers the seed's password field names over Traffic Ops'", () => {
    expect(passwordFields({ localPassword: 'a', localPasswd: 'b', confirmLocalPasswd: 'c' })).toEqual({
      password: 'a',
      confirm: 'c',
    });
  });
  it('reads integers from numbers and digit strings only', () => {
    expect([
      integerValue(3),
      integerValue('12'),
      integerValue(' 7 '),
      integerValue(1.5),
      integerValue('x'),
      integerValue(null),
    ]).toEqual([3, 12, 7, null, null, null]);
  });
});

describe('parseNewUser', () => {
  const good = {
    username: 'u1',
    email: 'u1@example.test',
    fullName: 'U One',
    localPasswd: 'N3wUserPassw0rd',
    confirmLocalPasswd: 'N3wUserPassw0rd',
    role: 3,
  };
  it('answers the request, tenant absent and profile fields null when not sent', () => {
    const parsed = parseNewUser({ ...good, city: 'Denver' });
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        username: 'u1',
        password: 'N3wUserPassw0rd',
        roleId: 3,
        tenantId: null,
        newUser: false,
      }),
    });
    if (parsed.ok) expect(parsed.value.profile).toMatchObject({ city: 'Denver', company: null });
  });
  it('reports the quality problem before the confirmation in field order', () => {
    expect(parseNewUser({ ...good, localPasswd: 'short', confirmLocalPasswd: 'other' })).toEqual({
      ok: false,
      errors: ['Password must be greater than 7 characters.', "'confirmLocalPassword' must match 'localPassword'"],
    });
  });
  it('reads a non-object body as empty', () => {
    const parsed = parseNewUser('text');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toHaveLength(6);
  });
});

describe('parseRegistration', () => {
  it('accepts numeric strings for role and tenantId', () => {
    expect(parseRegistration({ email: 'a@example.test', role: '3', tenantId: '2' })).toEqual({
      ok: true,
      value: { email: 'a@example.test', roleId: 3, tenantId: 2 },
    });
  });
});

describe('parseProfileUpdate', () => {
  const owner = { username: 'ro_user', roleId: 3, tenantId: 1 };
  it('keeps only what was sent', () => {
    expect(parseProfileUpdate({ user: { city: 'Boulder', country: null } }, owner)).toEqual({
      ok: true,
      value: { profile: { city: 'Boulder', country: null } },
    });
  });
  it('ignores empty password fields (no change asked)', () => {
    expect(parseProfileUpdate({ user: { localPasswd: '', confirmLocalPasswd: '' } }, owner)).toEqual({
      ok: true,
      value: { profile: {} },
    });
  });
  it('checks a new password against the new username', () => {
    expect(
      parseProfileUpdate(
        { user: { username: 'Winner2026', localPassword: 'winner2026', confirmLocalPassword: 'winner2026' } },
        owner,
      ),
    ).toEqual({
      ok: false,
      errors: ['Your password cannot be your username.'],
    });
  });
  it('reports role and tenant changes together', () => {
    expect(parseProfileUpdate({ user: { role: 1, tenantId: '2' } }, owner)).toEqual({
      ok: false,
      errors: ['users cannot change their own role', 'users cannot change their own tenant'],
    });
  });
  it("answers missing 'user' object for an array", () => {
    expect(parseProfileUpdate({ user: [] }, owner)).toEqual({ ok: false, errors: ["missing 'user' object"] });
  });
});

describe('applyProfileChange', () => {
  const pending = {
    id: 9,
    username: 'pending-x',
    email: 'x@example.test',
    fullName: '',
    localPasswd: null,
    roleId: 3,
    roleName: 'read-only',
    privLevel: 10,
    tenantId: 1,
    tenantName: 'root',
    company: null,
    addressLine1: null,
    addressLine2: null,
    city: null,
    stateOrProvince: null,
    postalCode: null,
    country: null,
    phoneNumber: null,
    publicSshKey: null,
    gid: null,
    uid: null,
    newUser: true,
    registrationSent: 1,
    lastUpdated: 0,
  } satisfies User;
  it('completes a registration once a password and a full name are set', () => {
    const fields = applyProfileChange(pending, { fullName: 'X Person', username: 'xp', profile: {} }, 'HASH');
    expect(fields).toMatchObject({ username: 'xp', fullName: 'X Person', localPasswd: 'HASH', newUser: false });
  });
  it('leaves a registration pending without a full name', () => {
    expect(applyProfileChange(pending, { profile: {} }, 'HASH').newUser).toBe(true);
  });
  it('leaves a registration pending without a password', () => {
    expect(applyProfileChange(pending, { fullName: 'X', profile: {} }, null).newUser).toBe(true);
  });
});

describe('usersFilter', () => {
  it('reads tenant as an id or a name, only from 1.2', () => {
    expect(usersFilter({ tenant: '3' }, true)).toEqual({ tenantId: 3 });
    expect(usersFilter({ tenant: 'tenant-a' }, true)).toEqual({ tenantName: 'tenant-a' });
    expect(usersFilter({ tenant: 'tenant-a' }, false)).toEqual({});
  });
  it('reads ordering and paging', () => {
    expect(usersFilter({ orderby: 'email', sortOrder: 'DESC', limit: '5', page: '3' }, true)).toEqual({
      orderBy: 'email',
      descending: true,
      limit: 5,
      offset: 10,
    });
    expect(usersFilter({ orderby: 'local_passwd', limit: '-1' }, true)).toEqual({});
  });
});

describe('mail helpers', () => {
  it('links to the portal user page with the token', () => {
    expect(tokenLink('https://portal.example.test/', 'abc_-1')).toBe(
      'https://portal.example.test/#!/user?token=abc_-1',
    );
  });
  it('builds SMTP options from a URL or from host settings', () => {
    expect(smtpTransportOptions({ url: 'smtps://u:p@mail.example.test' })).toMatchObject({
      url: 'smtps://u:p@mail.example.test',
    });
    expect(smtpTransportOptions({ host: 'mail.example.test', secure: true, user: 'u', pass: 'p' })).toMatchObject({
      host: 'mail.example.test',
      port: 465,
      secure: true,
      auth: { user: 'u', pass: 'p' },
    });
    expect(smtpTransportOptions({ host: 'mail.example.test' })).toMatchObject({ port: 25, secure: false });
  });
  it('derives placeholder usernames from the e-mail, suffixing until free', () => {
    const next = placeholderUsernames('Jane.Doe+x@example.test');
    expect([next(), next(), next()]).toEqual(['pending-jane.doex', 'pending-jane.doex-2', 'pending-jane.doex-3']);
  });
});
