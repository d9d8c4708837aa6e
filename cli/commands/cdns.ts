import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient } from '../../shared/client/http.js';
import { createCdn, deleteCdn, listCdns, updateCdn, type Cdn, type CdnBody } from '../../shared/client/cdns.js';
import { queueCdn } from '../../shared/client/servers.js';
import { messageOutput, recordOutput, tableOutput, type Column } from '../output/format.js';
import { asId } from './common/parse.js';
import { cdnId } from './common/resolve-caches.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';
import { writeOutput } from './common/write.js';
import { registerCdnSnapshots } from './cdn-snapshots.js';

const API = { min: '1.1' } as const;

const COLUMNS: Column<Cdn>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'DOMAIN', value: (c) => c.domainName },
  { header: 'DNSSEC', value: (c) => c.dnssecEnabled },
  { header: 'LAST UPDATED', value: (c) => c.lastUpdated, wide: true },
];

/** The CDN an id or name names. */
async function findCdn(http: HttpClient, ref: string): Promise<Cdn> {
  const id = asId(ref);
  const cdn = (await listCdns(http)).response.find((c) => (id === null ? c.name === ref : c.id === id));
  if (!cdn) throw new CliError(`CDN "${ref}" not found`, EXIT.ERROR, 'list them with: cdnctl cdns list');
  return cdn;
}

interface FieldFlags {
  name?: string;
  domain?: string;
  dnssec?: boolean;
}

function fieldOptions(command: Command, create: boolean): Command {
  if (create) command.requiredOption('--name <name>', 'CDN name (letters, digits, . and -)');
  else command.option('--name <name>', 'new CDN name');
  (create ? command.requiredOption.bind(command) : command.option.bind(command))(
    '--domain <domain>',
    'the DNS domain its delivery services are served under',
  );
  return command.option('--dnssec', 'sign the domain with DNSSEC').option('--no-dnssec', 'do not sign the domain');
}

const listVerb: VerbSpec<{ name?: string }> = {
  name: 'list',
  description: 'List the CDNs',
  examples: [
    'cdnctl cdns list',
    'cdnctl cdns list --name cdn1 -o json',
    'cdnctl cdns list --filter dnssecEnabled=true',
  ],
  api: API,
  configure: (c) => c.option('--name <name>', 'only this CDN'),
  run: async (inv, _args, flags) => {
    const { response } = await listCdns(await inv.client(), { name: flags.name });
    return tableOutput(response, response, COLUMNS, 'No CDNs found.');
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <id|name>',
  description: 'Show one CDN',
  examples: ['cdnctl cdns get cdn1', 'cdnctl cdns get 2 -o yaml'],
  api: API,
  run: async (inv, [ref]: string[]) => {
    const cdn = await findCdn(await inv.client(), ref);
    return recordOutput([cdn], Object.entries(cdn));
  },
};

const createVerb: VerbSpec<FieldFlags> = {
  name: 'create',
  description: 'Create a CDN (admin or operations role)',
  examples: [
    'cdnctl cdns create --name cdn2 --domain cdn2.example.net',
    'cdnctl cdns create --name cdn3 --domain c3.example.net --dnssec',
  ],
  api: API,
  configure: (c) => fieldOptions(c, true),
  run: async (inv, _args, flags) => {
    const body: CdnBody = { name: flags.name!, domainName: flags.domain!, dnssecEnabled: flags.dnssec ?? false };
    const result = await createCdn(await inv.client(), body);
    const c = result.response;
    return writeOutput(inv, result, `Created CDN ${c.name} (id ${c.id}) for ${c.domainName}`, c);
  },
};

const updateVerb: VerbSpec<FieldFlags> = {
  name: 'update <id|name>',
  description: "Change a CDN's name, domain or DNSSEC; a new name or domain queues updates on its caches",
  examples: ['cdnctl cdns update cdn2 --domain cdn2.example.org', 'cdnctl cdns update 2 --dnssec'],
  api: API,
  configure: (c) => fieldOptions(c, false),
  run: async (inv, [ref]: string[], flags) => {
    if (Object.values(flags).every((v) => v === undefined))
      throw new CliError(
        'nothing to update: give at least one field flag',
        EXIT.USAGE,
        'see: cdnctl cdns update --help',
      );
    const http = await inv.client();
    const cdn = await findCdn(http, ref);
    const body: CdnBody = {
      name: flags.name ?? cdn.name,
      domainName: flags.domain ?? cdn.domainName,
      dnssecEnabled: flags.dnssec ?? cdn.dnssecEnabled,
    };
    const result = await updateCdn(http, cdn.id, body);
    return writeOutput(inv, result, `Updated CDN ${result.response.name} (id ${cdn.id})`, result.response);
  },
};

const deleteVerb: VerbSpec<DestructiveFlags> = {
  name: 'delete <id|name>',
  description:
    'Delete a CDN no server, delivery service or profile uses; asks first on a terminal, needs --yes elsewhere',
  examples: ['cdnctl cdns delete cdn2', 'cdnctl cdns delete 2 --yes', 'cdnctl cdns delete cdn2 --dry-run'],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [ref]: string[], flags) => {
    const http = await inv.client();
    const cdn = await findCdn(http, ref);
    const label = `CDN ${cdn.name} (id ${cdn.id})`;
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, delete: cdn }, `Would delete ${label}`);
    }
    await confirmDestructive(inv.printer, { description: `delete ${label}`, typeToConfirm: cdn.name }, flags);
    return writeOutput(inv, await deleteCdn(http, cdn.id), `Deleted ${label}`);
  },
};

/** `cdnctl cdns list|get|create|update|delete`, and `cdns queue|dequeue <cdn>` (issues 15, 30). */
export function registerCdns(program: Command): void {
  const cdns = addNoun(program, 'cdns', 'CDNs: the domains delivery services are served under', ['cdnctl cdns list']);
  for (const verb of [listVerb, getVerb, createVerb, updateVerb, deleteVerb]) addVerb(cdns, verb as VerbSpec<object>);
  registerCdnSnapshots(cdns);
  for (const queue of [true, false]) {
    addVerb<DestructiveFlags, [string]>(cdns, {
      name: `${queue ? 'queue' : 'dequeue'} <cdn>`,
      description: queue
        ? 'Queue a configuration update on every cache of a CDN'
        : "Clear the queued updates of a CDN's caches; asks first, or needs --yes off a terminal",
      examples: [`cdnctl cdns ${queue ? 'queue' : 'dequeue --yes'} cdn-na`],
      api: API,
      configure: (c) => (queue ? c : destructiveOptions(c, { dryRun: false })),
      run: async (inv, [cdn]: [string], flags) => {
        if (!queue)
          await confirmDestructive(
            inv.printer,
            { description: `clear the queued updates of every cache of ${cdn}` },
            flags,
          );
        const http = await inv.client();
        const result = await queueCdn(http, await cdnId(http, cdn), queue);
        return messageOutput(
          result.response,
          `${queue ? 'queued updates on' : 'cleared the queued updates of'} the caches of ${cdn}`,
        );
      },
    });
  }
}
