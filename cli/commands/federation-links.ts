import { Option, type Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import {
  assignFederationDeliveryServices,
  attachResolvers,
  createResolver,
  deleteResolver,
  listFederationDeliveryServices,
  listFederationResolvers,
  listResolvers,
  removeFederationDeliveryService,
  type FederationDeliveryService,
  type FederationResolver,
  type FederationResolverLink,
} from '../../shared/client/federations.js';
import type { HttpClient } from '../../shared/client/http.js';
import { listPlaces, type TypeInfo } from '../../shared/client/places.js';
import { messageOutput, tableOutput, type Column } from '../output/format.js';
import { asId } from './common/parse.js';
import { deliveryServiceId, findDeliveryService, findFederation } from './common/resolve.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { previewWrite } from './common/dry-run.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';

/* `cdnctl federations resolvers …` and `federations ds …` (federation_resolvers, federations/{id}/…; issue 31). */

const API = { min: '1.1' } as const;

const RESOLVER_COLUMNS: Column<FederationResolver | FederationResolverLink>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'IP ADDRESS', value: (r) => r.ipAddress },
  { header: 'TYPE', value: (r) => r.type },
  { header: 'LAST UPDATED', value: (r) => ('lastUpdated' in r ? r.lastUpdated : null), wide: true },
];

const DS_COLUMNS: Column<FederationDeliveryService>[] = [
  { header: 'ID', value: (d) => d.id },
  { header: 'XML ID', value: (d) => d.xmlId },
  { header: 'CDN', value: (d) => d.cdn },
  { header: 'TYPE', value: (d) => d.type },
];

interface LinkFlags extends DestructiveFlags {
  replace?: boolean;
}

const linkOptions = (c: Command) =>
  c
    .option('--replace', 'replace all current links with these (asks first; --yes off a terminal)')
    .option('-y, --yes', 'do not ask before --replace')
    .option('--dry-run', 'print what would be sent; change nothing');

/** The resolver an id or IP address (or CIDR) names. */
async function findResolver(http: HttpClient, ref: string): Promise<FederationResolver> {
  const id = asId(ref);
  const { response } = await listResolvers(http, id === null ? { ipAddress: ref } : { id });
  const resolver = response.find((r) => (id === null ? r.ipAddress === ref : r.id === id));
  if (!resolver)
    throw new CliError(
      `federation resolver "${ref}" not found`,
      EXIT.ERROR,
      'list them with: cdnctl federations resolvers list',
    );
  return resolver;
}

async function resolverTypeId(http: HttpClient, name: string): Promise<number> {
  const types = (await listPlaces<TypeInfo>(http, 'types', { name })).response;
  const type = types.find((t) => t.name === name);
  if (!type) throw new CliError(`type ${name} not found on this server`, EXIT.ERROR);
  return type.id;
}

interface ResolverListFlags {
  federation?: string;
  type?: string;
  ip?: string;
}

const resolversListVerb: VerbSpec<ResolverListFlags> = {
  name: 'list',
  description: 'List the federation resolvers, or those attached to one federation',
  examples: [
    'cdnctl federations resolvers list',
    'cdnctl federations resolvers list --type RESOLVE6',
    'cdnctl federations resolvers list --federation fed1.example.test. -o json',
  ],
  api: API,
  configure: (c) =>
    c
      .option('--federation <federation>', "only this federation's resolvers (id or CNAME)")
      .option('--type <type>', 'only RESOLVE4 or RESOLVE6 resolvers')
      .option('--ip <address>', 'only the resolver with this address or network'),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    if (flags.federation !== undefined) {
      const fed = await findFederation(http, flags.federation);
      const { response } = await listFederationResolvers(http, fed.id);
      const rows = response.filter(
        (r) => (flags.type ?? r.type) === r.type && (flags.ip ?? r.ipAddress) === r.ipAddress,
      );
      return tableOutput(rows, rows, RESOLVER_COLUMNS, 'No resolvers attached.');
    }
    const { response } = await listResolvers(http, { type: flags.type, ipAddress: flags.ip });
    return tableOutput(response, response, RESOLVER_COLUMNS, 'No federation resolvers found.');
  },
};

const resolversCreateVerb: VerbSpec<{ ip?: string; type?: string; dryRun?: boolean }> = {
  name: 'create',
  description: 'Create a federation resolver: an address or CIDR network allowed to resolve federations (admin role)',
  examples: [
    'cdnctl federations resolvers create --ip 192.0.2.0/24 --type RESOLVE4',
    'cdnctl federations resolvers create --ip 2001:db8::1 --type RESOLVE6 --dry-run',
  ],
  api: API,
  configure: (c) =>
    c
      .requiredOption('--ip <address>', 'IPv4 or IPv6 address, or a CIDR network')
      .addOption(new Option('--type <type>', 'resolver type').choices(['RESOLVE4', 'RESOLVE6']).makeOptionMandatory())
      .option('--dry-run', 'print what would be sent; change nothing'),
  run: async (inv, _args, flags) => {
    const http = await inv.client();
    const body = { ipAddress: flags.ip!, typeId: await resolverTypeId(http, flags.type!) };
    if (flags.dryRun)
      return previewWrite(
        inv,
        { method: 'POST', path: '/federation_resolvers', body },
        `Would create resolver ${body.ipAddress}`,
      );
    const result = await createResolver(http, body);
    const r = result.response;
    return writeOutput(inv, result, `Created federation resolver ${r.ipAddress} (id ${r.id}, ${flags.type})`, r);
  },
};

const resolversDeleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <resolver>',
  description:
    'Delete a federation resolver (by id or address; admin role); asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl federations resolvers delete 192.0.2.0/24',
    'cdnctl federations resolvers delete 3 --yes',
    'cdnctl federations resolvers delete 3 --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const resolver = await findResolver(http, ref);
    const label = `federation resolver ${resolver.ipAddress} (id ${resolver.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: resolver }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: resolver.ipAddress }, flags);
    return writeOutput(inv, await deleteResolver(http, resolver.id), `Deleted ${label}`);
  },
};

const resolversAttachVerb: VerbSpec<LinkFlags, [string, string[]]> = {
  name: 'attach <federation> <resolvers...>',
  description:
    'Attach resolvers (ids or addresses) to a federation; --replace drops the current ones first (admin role)',
  examples: [
    'cdnctl federations resolvers attach fed1.example.test. 192.0.2.0/24 2001:db8::1',
    'cdnctl federations resolvers attach 1 3 --replace --yes',
  ],
  api: API,
  configure: linkOptions,
  run: async (inv, [ref, refs]: [string, string[]], flags) => {
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const ids: number[] = [];
    for (const r of refs) ids.push((await findResolver(http, r)).id);
    const body = { fedResolverIds: ids, replace: flags.replace === true };
    const what = `resolvers ${refs.join(', ')} to federation ${fed.cname}`;
    if (flags.dryRun)
      return previewWrite(
        inv,
        { method: 'POST', path: `/federations/${fed.id}/federation_resolvers`, body },
        `Would attach ${what}`,
      );
    if (flags.replace)
      await confirmDestructive(
        inv.printer,
        { description: `replace every resolver of federation ${fed.cname} with ${refs.join(', ')}` },
        flags,
      );
    const result = await attachResolvers(http, fed.id, ids, body.replace);
    return writeOutput(inv, result, `Attached ${what}`, result.response);
  },
};

const dsListVerb: VerbSpec<object> = {
  name: 'list <federation>',
  description: 'List the delivery services of a federation (by id or CNAME)',
  examples: ['cdnctl federations ds list fed1.example.test.', 'cdnctl federations ds list 1 -o json'],
  api: API,
  run: async (inv, [ref]: string[]) => {
    const http = await inv.client();
    const { response } = await listFederationDeliveryServices(http, (await findFederation(http, ref)).id);
    return tableOutput(response, response, DS_COLUMNS, 'No delivery services assigned.');
  },
};

const dsAssignVerb: VerbSpec<LinkFlags, [string, string[]]> = {
  name: 'assign <federation> <deliveryServices...>',
  description:
    'Assign delivery services (xmlIds or ids) to a federation; --replace drops the current ones first (admin role)',
  examples: [
    'cdnctl federations ds assign fed1.example.test. ds1 ds2',
    'cdnctl federations ds assign 1 ds3 --replace --yes',
  ],
  api: API,
  configure: linkOptions,
  run: async (inv, [ref, refs]: [string, string[]], flags) => {
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const ids: number[] = [];
    for (const ds of refs) ids.push(await deliveryServiceId(http, ds));
    const body = { dsIds: ids, replace: flags.replace === true };
    const what = `delivery services ${refs.join(', ')} to federation ${fed.cname}`;
    if (flags.dryRun)
      return previewWrite(
        inv,
        { method: 'POST', path: `/federations/${fed.id}/deliveryservices`, body },
        `Would assign ${what}`,
      );
    if (flags.replace)
      await confirmDestructive(
        inv.printer,
        { description: `replace every delivery service of federation ${fed.cname} with ${refs.join(', ')}` },
        flags,
      );
    const result = await assignFederationDeliveryServices(http, fed.id, ids, body.replace);
    return writeOutput(inv, result, `Assigned ${what}`, result.response);
  },
};

const dsUnassignVerb: VerbSpec<DestructiveFlags> = {
  name: 'unassign <federation> <deliveryService>',
  description:
    'Remove one delivery service (xmlId or id) from a federation (admin role); asks first on a terminal, needs --yes elsewhere',
  examples: [
    'cdnctl federations ds unassign fed1.example.test. ds1',
    'cdnctl federations ds unassign 1 ds1 --yes',
    'cdnctl federations ds unassign 1 ds1 --dry-run',
  ],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref, dsRef]: string[], flags) => {
    const http = await inv.client();
    const fed = await findFederation(http, ref);
    const ds = await findDeliveryService(http, dsRef);
    const label = `delivery service ${ds.xmlId} from federation ${fed.cname}`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput(
        { dryRun: true, federationId: fed.id, deliveryServiceId: Number(ds.id) },
        `Would remove ${label}`,
      );
    }
    await confirmDestructive(inv.printer, { description: `remove ${label}`, typeToConfirm: ds.xmlId }, flags);
    return writeOutput(inv, await removeFederationDeliveryService(http, fed.id, Number(ds.id)), `Removed ${label}`);
  },
};

/** Adds `federations resolvers list|create|delete|attach` and `federations ds list|assign|unassign`. */
export function addFederationLinks(federations: Command): void {
  const resolvers = addNoun(federations, 'resolvers', 'Federation resolvers: who may resolve federation CNAMEs', [
    'cdnctl federations resolvers list',
  ]);
  addVerb(resolvers, resolversListVerb);
  addVerb(resolvers, resolversCreateVerb);
  addVerb(resolvers, resolversDeleteVerb);
  addVerb(resolvers, resolversAttachVerb);
  const ds = addNoun(federations, 'ds', 'Delivery services of a federation', ['cdnctl federations ds list 1']);
  addVerb(ds, dsListVerb);
  addVerb(ds, dsAssignVerb);
  addVerb(ds, dsUnassignVerb);
}
