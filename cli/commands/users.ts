import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import { versionAtLeast } from '../../shared/client/types.js';
import {
  availableDeliveryServices,
  createUser,
  currentUser,
  getUser,
  listUsers,
  registerUser,
  updateCurrentUser,
  userDeliveryServices,
  type AvailableDeliveryService,
  type CurrentUserUpdate,
  type NewUser,
  type User,
} from '../../shared/client/users.js';
import { recordOutput, tableOutput, type Column } from '../output/format.js';
import { DS_COLUMNS } from './ds/index.js';
import { askHidden, interactive, missing, readStdin } from './common/prompt.js';
import { roleId, tenantId, userId } from './common/resolve.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { outboxFile } from './common/outbox.js';
import { writeOutput } from './common/write.js';

const USER_COLUMNS: Column<User>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'USERNAME', value: (u) => u.username },
  { header: 'FULL NAME', value: (u) => u.fullName },
  { header: 'EMAIL', value: (u) => u.email },
  { header: 'ROLE', value: (u) => u.rolename ?? u.roleName ?? u.role },
  { header: 'TENANT', value: (u) => u.tenant },
  { header: 'COMPANY', value: (u) => u.company, wide: true },
  { header: 'NEW', value: (u) => u.newUser, wide: true },
  { header: 'LAST UPDATED', value: (u) => u.lastUpdated, wide: true },
];

/** The optional profile fields: flag name and the API field it sets (commander camel-cases to the same name). */
const PROFILE_FLAGS = [
  ['address-line1', 'addressLine1'],
  ['address-line2', 'addressLine2'],
  ['city', 'city'],
  ['company', 'company'],
  ['country', 'country'],
  ['phone-number', 'phoneNumber'],
  ['postal-code', 'postalCode'],
  ['public-ssh-key', 'publicSshKey'],
  ['state-or-province', 'stateOrProvince'],
] as const;

type ProfileFlags = Partial<Record<(typeof PROFILE_FLAGS)[number][1], string>>;

function addProfileOptions(command: Command): Command {
  for (const [flag, field] of PROFILE_FLAGS) command.option(`--${flag} <text>`, `the user's ${field}`);
  return command;
}

function profileFields(flags: ProfileFlags): ProfileFlags {
  const fields: ProfileFlags = {};
  for (const [, field] of PROFILE_FLAGS) if (flags[field] !== undefined) fields[field] = flags[field];
  return fields;
}

/** Every field of a record as `label: value` lines. */
const allFields = (record: object): Array<[string, unknown]> => Object.entries(record);

/** A new password from stdin, or asked twice on a terminal. */
async function newPassword(fromStdin: boolean | undefined, flag = '--password-stdin'): Promise<string> {
  if (fromStdin) {
    const password = await readStdin();
    if (!password) throw new CliError(`${flag} was given but stdin held no password`, EXIT.USAGE);
    return password;
  }
  if (!interactive()) throw missing('a password', `pass ${flag}`);
  const password = await askHidden('New password: ');
  if ((await askHidden('Repeat it: ')) !== password) throw new CliError('the two passwords differ', EXIT.USAGE);
  return password;
}

interface CreateFlags extends ProfileFlags {
  username: string;
  email: string;
  fullName: string;
  role: string;
  tenant?: string;
  passwordStdin?: boolean;
  newUser?: boolean;
}

interface UpdateFlags extends ProfileFlags {
  username?: string;
  email?: string;
  fullName?: string;
  passwordStdin?: boolean;
}

const meVerb: VerbSpec<object> = {
  name: 'me',
  description: 'Show your own user record (update it with: users me update)',
  examples: ['cdnctl users me', 'cdnctl users me -o json'],
  api: { min: '1.1', preferred: '1.2' },
  run: async (inv) => {
    const { response } = await currentUser(await inv.client());
    return recordOutput(response, allFields(response));
  },
};

/** The `{user: {...}}` fields a `users me update` sets. */
async function profileUpdate(flags: UpdateFlags): Promise<CurrentUserUpdate> {
  const user: CurrentUserUpdate = { ...profileFields(flags) };
  if (flags.username !== undefined) user.username = flags.username;
  if (flags.email !== undefined) user.email = flags.email;
  if (flags.fullName !== undefined) user.fullName = flags.fullName;
  if (flags.passwordStdin) {
    user.localPasswd = await newPassword(true);
    user.confirmLocalPasswd = user.localPasswd;
  }
  return user;
}

const meUpdateVerb: VerbSpec<UpdateFlags> = {
  name: 'update',
  description: 'Change your own profile (PUT user/current at API 1.2+, POST user/current/update at 1.1)',
  examples: [
    'cdnctl users me update --full-name "Ada Lovelace" --phone-number "+44 20 7946 0000"',
    'printf %s "$NEW_PASSWORD" | cdnctl users me update --password-stdin',
  ],
  api: { min: '1.1', preferred: '1.2' },
  configure: (c) =>
    addProfileOptions(c)
      .option('--username <name>', 'new username')
      .option('--email <address>', 'new e-mail address')
      .option('--full-name <name>', 'new full name')
      .option('--password-stdin', 'set a new password read from stdin'),
  run: async (inv, _args, flags) => {
    const user = await profileUpdate(flags);
    if (Object.keys(user).length === 0)
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl users me update --help',
      );
    const result = await updateCurrentUser(await inv.client(), user);
    const changed = Object.keys(user)
      .filter((k) => k !== 'confirmLocalPasswd')
      .map((k) => (k === 'localPasswd' ? 'password' : k));
    return writeOutput(inv, result, `Updated your profile: ${changed.join(', ')}`, result.response ?? result.body);
  },
};

const listVerb: VerbSpec<{ tenant?: string }> = {
  name: 'list',
  description: 'List the users you can see',
  examples: ['cdnctl users list', 'cdnctl users list --tenant tenant-a -o wide'],
  api: { min: '1.1', preferred: '1.2' },
  configure: (c) => c.option('--tenant <name|id>', 'only users of this tenant (API 1.2+)'),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    if (flags.tenant !== undefined && !versionAtLeast(http.version, '1.2')) {
      throw new CliError('--tenant needs API version 1.2 or newer', EXIT.USAGE);
    }
    const tenant = flags.tenant === undefined ? undefined : await tenantId(http, flags.tenant);
    const { response } = await listUsers(http, { tenant });
    return tableOutput(response, response, USER_COLUMNS, 'No users found.');
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <id|username>',
  description: 'Show one user',
  examples: ['cdnctl users get 2', 'cdnctl users get ops_user -o yaml'],
  api: { min: '1.1', preferred: '1.2' },
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const { response } = await getUser(http, await userId(http, ref));
    if (response.length === 0) throw new CliError(`user "${ref}" not found (or not visible to you)`, EXIT.ERROR);
    return recordOutput(response, allFields(response[0]));
  },
};

const createVerb: VerbSpec<CreateFlags> = {
  name: 'create',
  description: 'Create a user with a password (API 1.2+; admin or operations role)',
  examples: [
    'printf %s "$PW" | cdnctl users create --username jdoe --email jdoe@example.net --full-name "J. Doe" --role operations --password-stdin',
  ],
  api: { min: '1.2' },
  configure: (c) =>
    addProfileOptions(c)
      .requiredOption('--username <name>', 'login name')
      .requiredOption('--email <address>', 'e-mail address')
      .requiredOption('--full-name <name>', 'full name')
      .requiredOption('--role <name|id>', 'role, e.g. admin, operations, read-only')
      .option('--tenant <name|id>', 'owning tenant (default: yours)')
      .option('--password-stdin', 'read the password from stdin (asked twice on a terminal otherwise)')
      .option('--new-user', 'mark the user as new (must complete the profile)'),
  run: async (inv, _args, flags) => {
    const password = await newPassword(flags.passwordStdin);
    const http = await inv.client();
    const body: NewUser = {
      username: flags.username,
      email: flags.email,
      fullName: flags.fullName,
      localPassword: password,
      confirmLocalPassword: password,
      role: await roleId(http, flags.role),
      ...profileFields(flags),
    };
    if (flags.tenant !== undefined) body.tenantId = await tenantId(http, flags.tenant);
    if (flags.newUser) body.newUser = true;
    const result = await createUser(http, body);
    const u = result.response;
    return writeOutput(
      inv,
      result,
      `Created user ${u.username} (id ${u.id}), role ${u.roleName ?? flags.role}, tenant ${u.tenant ?? 'yours'}`,
      u,
    );
  },
};

const registerVerb: VerbSpec<{ email: string; role: string; tenant?: string }> = {
  name: 'register',
  description: 'Invite a user by e-mail with a role and tenant (API 1.2+; admin or operations role)',
  examples: ['cdnctl users register --email new.person@example.net --role read-only --tenant tenant-a'],
  api: { min: '1.2' },
  configure: (c) =>
    c
      .requiredOption('--email <address>', 'where the invitation goes')
      .requiredOption('--role <name|id>', 'role of the new user')
      .option('--tenant <name|id>', 'tenant of the new user (default: yours)'),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const role = await roleId(http, flags.role);
    const tenant =
      flags.tenant !== undefined ? await tenantId(http, flags.tenant) : (await currentUser(http)).response.tenantId;
    if (tenant === undefined) throw new CliError('cannot tell your tenant; pass --tenant', EXIT.USAGE);
    const sentAt = Date.now();
    const result = await registerUser(http, { email: flags.email, role, tenantId: tenant });
    const kept = inv.server().source === 'daemon' ? outboxFile(inv.dataDir, flags.email, sentAt) : null;
    const message = kept
      ? `Wrote the invitation to ${flags.email} (role ${flags.role}) to ${kept}: the daemon has no mail server (smtp in its config), so mail stays in its outbox`
      : `Sent an invitation to ${flags.email} (role ${flags.role})`;
    return writeOutput(inv, result, message);
  },
};

const dsVerb: VerbSpec<object> = {
  name: 'ds <id|username>',
  list: true,
  description: 'List the delivery services assigned to a user (API 1.2+)',
  examples: ['cdnctl users ds ops_user', 'cdnctl users ds 3 -o json'],
  api: { min: '1.2' },
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const { response } = await userDeliveryServices(http, await userId(http, ref));
    return tableOutput(response, response, DS_COLUMNS, 'No delivery services assigned.');
  },
};

const AVAILABLE_COLUMNS: Column<AvailableDeliveryService>[] = [
  { header: 'ID', value: (d) => d.id },
  { header: 'XML ID', value: (d) => d.xmlId },
  { header: 'DISPLAY NAME', value: (d) => d.displayName },
];

const dsAvailableVerb: VerbSpec<object> = {
  name: 'ds-available <id|username>',
  list: true,
  description: 'List the delivery services that could still be assigned to a user',
  examples: ['cdnctl users ds-available ops_user', 'cdnctl users ds-available 3 --api-version 1.1'],
  api: { min: '1.1', preferred: '1.2' },
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const { response } = await availableDeliveryServices(http, await userId(http, ref));
    return tableOutput(response, response, AVAILABLE_COLUMNS, 'No delivery services available.');
  },
};

/** `cdnctl users list|get|create|register|ds|ds-available|me [update]`. */
export function registerUsers(program: Command): void {
  const users = addNoun(program, 'users', 'List, show, create and invite users', [
    'cdnctl users list',
    'cdnctl users get admin',
  ]);
  addVerb(users, listVerb);
  addVerb(users, getVerb);
  addVerb(users, createVerb);
  addVerb(users, registerVerb);
  addVerb(users, dsVerb);
  addVerb(users, dsAvailableVerb);
  addVerb(addVerb(users, meVerb), meUpdateVerb);
}
