import type { Command } from 'commander';
import {
  assignFederationUsers,
  listFederations,
  listFederationUsers,
  removeFederationUser,
  type Federation,
  type FederationUser,
} from '../../shared/client/federations.js';
import { messageOutput, tableOutput, type Column } from '../output/format.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { federationId, findFederation, userId } from './common/resolve.js';
import { writeOutput } from './common/write.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { previewWrite } from './common/dry-run.js';
import { addFederationLinks } from './federation-links.js';
import { addFederationWrites } from './federation-writes.js';

const FEDERATION_COLUMNS: Column<Federation>[] = [
  { header: 'ID', value: (f) => f.id },
  { header: 'CNAME', value: (f) => f.cname },
  { header: 'TTL', value: (f) => f.ttl },
  { header: 'CDN', value: (f) => f.cdnName },
  { header: 'DELIVERY SERVICES', value: (f) => f.deliveryServices },
  { header: 'DESCRIPTION', value: (f) => f.description, wide: true },
  { header: 'LAST UPDATED', value: (f) => f.lastUpdated, wide: true },
];

const USER_COLUMNS: Column<FederationUser>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'USERNAME', value: (u) => u.username },
  { header: 'FULL NAME', value: (u) => u.fullName },
  { header: 'EMAIL', value: (u) => u.email },
  { header: 'ROLE', value: (u) => u.role },
  { header: 'COMPANY', value: (u) => u.company, wide: true },
];

const USERS_API = { min: '1.2' } as const;

const listFederationsVerb: VerbSpec<{ cname?: string }> = {
  name: 'list',
  description: 'List the federations you can see',
  examples: ['cdnctl federations list', 'cdnctl federations list -o json'],
  api: { min: '1.1' },
  configure: (c) => c.option('--cname <cname>', 'only this federation'),
  run: async (inv, _args, flags) => {
    const { response } = await listFederations(await inv.client(), { cname: flags.cname });
    return tableOutput(response, response, FEDERATION_COLUMNS, 'No federations found.');
  },
};

const listUsersVerb: VerbSpec<object> = {
  name: 'list <federation>',
  description: 'List the users assigned to a federation (by id or CNAME)',
  examples: ['cdnctl federations users list 1', 'cdnctl federations users list fed1.example.test. -o json'],
  api: USERS_API,
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const { response } = await listFederationUsers(http, await federationId(http, ref));
    return tableOutput(response, response, USER_COLUMNS, 'No users assigned.');
  },
};

interface AddFlags extends DestructiveFlags {
  replace?: boolean;
}

const addUsersVerb: VerbSpec<AddFlags, [string, string[]]> = {
  name: 'add <federation> <users...>',
  description:
    'Assign users (ids or usernames) to a federation; --replace drops the current assignments first (admin role)',
  examples: [
    'cdnctl federations users add 1 ops_user ro_user',
    'cdnctl federations users add fed1.example.test. 4 --replace --yes',
  ],
  api: USERS_API,
  configure: (c) =>
    c
      .option('--replace', 'replace all current assignments with these users (asks first; --yes off a terminal)')
      .option('-y, --yes', 'do not ask before --replace')
      .option('--dry-run', 'print what would be sent; change nothing'),
  run: async (inv, [ref, refs]: [string, string[]], flags) => {
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const ids: number[] = [];
    for (const user of refs) ids.push(await userId(http, user));
    if (flags.dryRun) {
      const body = { userIds: ids, replace: flags.replace === true };
      const path = `/federations/${fed.id}/users`;
      return previewWrite(
        inv,
        { method: 'POST', path, body },
        `Would assign ${refs.join(', ')} to federation ${fed.cname}`,
      );
    }
    if (flags.replace)
      await confirmDestructive(
        inv.printer,
        { description: `replace every user assignment of federation ${fed.cname} with ${refs.join(', ')}` },
        flags,
      );
    const result = await assignFederationUsers(http, fed.id, ids, flags.replace === true);
    const verb = flags.replace ? 'Replaced the users of' : 'Assigned to';
    return writeOutput(inv, result, `${verb} federation ${fed.cname}: ${refs.join(', ')}`, result.response);
  },
};

const removeUserVerb: VerbSpec<DestructiveFlags> = {
  name: 'remove <federation> <user>',
  description:
    'Remove one user (id or username) from a federation (admin role); asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl federations users remove 1 ops_user',
    'cdnctl federations users remove fed1.example.test. ops_user --yes',
  ],
  api: USERS_API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref, user]: string[], flags) => {
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const uid = await userId(http, user);
    const label = `user ${user} from federation ${fed.cname}`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, federationId: fed.id, userId: uid }, `Would remove ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `remove ${label}`, typeToConfirm: user }, flags);
    const result = await removeFederationUser(http, fed.id, uid);
    return writeOutput(inv, result, `Removed ${label}`);
  },
};

/**
 * `cdnctl federations list|get|create|update|delete`, `federations users list|add|remove` (also `assign|unassign`),
 * `federations resolvers …` and `federations ds …`.
 */
export function registerFederations(program: Command): void {
  const federations = addNoun(
    program,
    'federations',
    'Federations: CNAMEs of a CDN, their resolvers, delivery services and users',
    ['cdnctl federations list', 'cdnctl federations users list fed1.example.test.'],
  );
  addVerb(federations, listFederationsVerb);
  addFederationWrites(federations);
  const users = addNoun(federations, 'users', 'Users assigned to a federation (API 1.2+)', [
    'cdnctl federations users list 1',
  ]);
  addVerb(users, listUsersVerb);
  addVerb(users, addUsersVerb).alias('assign');
  addVerb(users, removeUserVerb).alias('unassign');
  addFederationLinks(federations);
}
