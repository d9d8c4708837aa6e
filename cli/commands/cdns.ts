import type { Command } from 'commander';
import { listCdns, type Cdn } from '../../shared/client/cdns.js';
import { queueCdn } from '../../shared/client/servers.js';
import { messageOutput, tableOutput, type Column } from '../output/format.js';
import { cdnId } from './common/resolve-caches.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import { addNoun, addVerb } from './common/verb.js';

const COLUMNS: Column<Cdn>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'DOMAIN', value: (c) => c.domainName },
  { header: 'DNSSEC', value: (c) => c.dnssecEnabled },
  { header: 'LAST UPDATED', value: (c) => c.lastUpdated, wide: true },
];

/** `cdnctl cdns list`, and `cdns queue|dequeue <cdn>` (issue 15). */
export function registerCdns(program: Command): void {
  const cdns = addNoun(program, 'cdns', 'CDNs (read-only)', ['cdnctl cdns list']);
  addVerb<{ name?: string }>(cdns, {
    name: 'list',
    description: 'List the CDNs',
    examples: ['cdnctl cdns list', 'cdnctl cdns list --name cdn1 -o json'],
    api: { min: '1.1' },
    configure: (c) => c.option('--name <name>', 'only this CDN'),
    run: async (inv, _args, flags) => {
      const { response } = await listCdns(await inv.client(), { name: flags.name });
      return tableOutput(response, response, COLUMNS, 'No CDNs found.');
    },
  });
  for (const queue of [true, false]) {
    addVerb<DestructiveFlags, [string]>(cdns, {
      name: `${queue ? 'queue' : 'dequeue'} <cdn>`,
      description: queue
        ? 'Queue a configuration update on every cache of a CDN'
        : "Clear the queued updates of a CDN's caches; asks first, or needs --yes off a terminal",
      examples: [`cdnctl cdns ${queue ? 'queue' : 'dequeue --yes'} cdn-na`],
      api: { min: '1.1' },
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
