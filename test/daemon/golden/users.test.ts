import { replayGolden, type Difference } from './harness.js';

const error = (text: string) => [{ level: 'error', text }];
const refused = (reason: string, text: string, status = 400): Difference => ({ reason, status, alerts: error(text) });

/** Traffic Ops' database came with the user `extension` (for check extensions); ours seeds only admin. */
const NO_EXTENSION_USER =
  "one user fewer: the recording's Traffic Ops had its built-in `extension` user, which we do not seed";
const withoutExtensionUser: Difference = { reason: NO_EXTENSION_USER, lengthMayDiffer: true };

/** The seed's 1.1 user record has no tenant fields (Traffic Ops sent them at 1.1 too). */
const NO_TENANT_AT_11: Difference = {
  reason:
    'the seed and BEHAVIOR.md §4: record types follow the seed, whose 1.1 user record has no tenant or tenantId; ' +
    `${NO_EXTENSION_USER}`,
  responseKeys: { remove: ['tenant', 'tenantId'] },
  lengthMayDiffer: true,
};

const registered = (email: string, reason: string): Difference => ({
  reason,
  status: 200,
  alerts: [
    {
      level: 'success',
      text: `Sent user registration to ${email} with the following permissions [ role: read-only | tenant: root ]`,
    },
  ],
});

replayGolden('users', {
  'GET users at 1.1': NO_TENANT_AT_11,
  'GET users at 1.2': withoutExtensionUser,
  'GET users ?tenant=root': withoutExtensionUser,
  'GET users/:id existing at 1.1': NO_TENANT_AT_11,
  'POST users valid': {
    reason: 'BEHAVIOR.md §4: no response ever contains a password (Traffic Ops echoed confirmLocalPasswd)',
    responseKeys: { remove: ['confirmLocalPasswd'] },
  },
  'POST users empty object (all fields missing)': refused(
    "BEHAVIOR.md §4: required are username, email, fullName, localPassword, confirmLocalPassword and role, each `'<field>' cannot be blank` in field order; tenantId is optional (the requester's tenant)",
    "'username' cannot be blank, 'email' cannot be blank, 'fullName' cannot be blank, 'localPassword' cannot be blank, 'confirmLocalPassword' cannot be blank, 'role' cannot be blank",
  ),
  'POST users missing localPasswd': refused(
    'BEHAVIOR.md §4: both password fields are required, named as the seed names them',
    "'localPassword' cannot be blank, 'confirmLocalPassword' cannot be blank",
  ),
  'POST users duplicate username': refused(
    "BEHAVIOR.md §4: `username '<u>' already exists.`",
    "username 'newuser1' already exists.",
  ),
  'POST users duplicate email': refused(
    "BEHAVIOR.md §4: `email '<e>' already exists.`",
    "email 'newuser1@example.test' already exists.",
  ),
  'POST users mismatched passwords': refused(
    'BEHAVIOR.md §4 and §9: confirm passwords are checked (Traffic Ops created the user)',
    "'confirmLocalPassword' must match 'localPassword'",
  ),
  'POST users by operations user creating an admin (higher priv)': refused(
    'BEHAVIOR.md §4: a role above the requester answers 403 with the create wording',
    'user cannot create a user with a role more privileged than themselves',
    403,
  ),
  'POST users malformed JSON': {
    reason: 'BEHAVIOR.md §1: malformed JSON answers 400 with a readable message (Traffic Ops echoed Go decoder errors)',
    alerts: [{ level: 'error', text: /^malformed JSON in request body: / }],
  },
  'POST users with password but no username': refused(
    'BEHAVIOR.md §4 (username is required) and §1 (bad input is a 4xx, never a 500)',
    "'username' cannot be blank",
  ),
  'PUT users/:id valid': refused(
    `${NO_EXTENSION_USER}, so newuser1 is id 5 here (6 there) and id 6 names no user; PUT users/:id itself is tested in test/daemon/users/`,
    'no user found with this id',
    404,
  ),
  'POST users/register new email (SMTP disabled)': registered(
    'register1@example.test',
    'BEHAVIOR.md §8: without SMTP the invitation goes to the outbox (here the replay mailer), so registration succeeds (Traffic Ops answered 500)',
  ),
  'POST users/register existing email of a non-new user': registered(
    'ro_user@example.test',
    'state, then BEHAVIOR.md §4: setup.snapshot.json gives ro_user the address ro@example.test, so ro_user@example.test belongs to no user here and registering it creates a pending user (the 409 for a completed user is in test/users/register.test.ts)',
  ),
  'POST users/register missing fields': refused(
    "BEHAVIOR.md §4: the user writes' `'<field>' cannot be blank`, for register's email, role and tenantId in field order",
    "'email' cannot be blank, 'role' cannot be blank, 'tenantId' cannot be blank",
  ),
  'POST users/register invalid email': refused(
    "BEHAVIOR.md §4: `'email' must be a valid email address`",
    "'email' must be a valid email address",
  ),
});
