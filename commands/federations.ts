import type { Command } from 'commander';
import {
  assignFederationUsers,
  listFederations,
  listFederationUsers,
  removeFederationUser,
  type Federation,
  type FederationUser,
} from '../src/client/federations.js';
import { messageOutput, tableOutput, type Column } from '../src/output/format.js';
import { federationId, userId } from './common/resolve.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';

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

const addUsersVerb: VerbSpec<{ replace?: boolean }> = {
  name: 'add <federation> <users...>',
  description: 'Assign users (ids or usernames) to a federation; --replace drops the current assignments first (admin role)',
  examples: ['cdnctl federations users add 1 ops_user ro_user', 'cdnctl federations users add fed1.example.test. 4 --replace'],
  api: USERS_API,
  configure: (c) => c.option('--replace', 'replace all current assignments with these users'),
  run: async (inv, [ref, refs]: [string, string[]], flags) => {
    const http = await inv.client();
    const fed = await federationId(http, ref);
    const ids: number[] = [];
    for (const user of refs) ids.push(await userId(http, user));
    const result = await assignFederationUsers(http, fed, ids, flags.replace === true);
    inv.printer.alerts(result.alerts);
    return messageOutput(result.response, '');
  },
};

const removeUserVerb: VerbSpec<object> = {
  name: 'remove <federation> <user>',
  description: 'Remove one user (id or username) from a federation (admin role)',
  examples: ['cdnctl federations users remove 1 ops_user'],
  api: USERS_API,
  run: async (inv, [ref, user]: string[]) => {
    const http = await inv.client();
    const result = await removeFederationUser(http, await federationId(http, ref), await userId(http, user));
    inv.printer.alerts(result.alerts);
    return messageOutput(result.body, '');
  },
};

/** `cdnctl federations list` and `federations users list|add|remove`. */
export function registerFederations(program: Command): void {
  const federations = addNoun(program, 'federations', 'Federations and the users assigned to them', [
    'cdnctl federations list',
    'cdnctl federations users list fed1.example.test.',
  ]);
  addVerb(federations, listFederationsVerb);
  const users = addNoun(federations, 'users', 'Users assigned to a federation (API 1.2+)', ['cdnctl federations users list 1']);
  addVerb(users, listUsersVerb);
  addVerb(users, addUsersVerb);
  addVerb(users, removeUserVerb);
}
