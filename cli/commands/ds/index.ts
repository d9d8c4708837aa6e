import type { Command } from 'commander';
import { listDeliveryServices, type DeliveryService } from '../../../shared/client/deliveryservices.js';
import { cellText, messageOutput, tableOutput, type Column, type Output } from '../../output/format.js';
import { renderTextTable } from '../../output/table.js';
import type { Invocation } from '../common/invocation.js';
import { findDeliveryService, tenantId } from '../common/resolve.js';
import { dsSections } from './sections.js';
import { protocolName } from '../../../shared/rules/ds-protocol.js';
import { addNoun, addVerb } from '../common/verb.js';
import { registerDeliveryServiceWrites } from './write.js';

/** What the columns read: GET deliveryservices' record (numbers) and a user's at 1.2 (the seed's, strings) both fit. */
type ListedDs = Pick<DeliveryService, 'displayName' | 'cdnName' | 'orgServerFqdn' | 'active' | 'type'> &
  Pick<DeliveryService, 'routingName' | 'profileName'> & { id: number | string; xmlId: string; tenant?: string | null };

/** Delivery-service columns, shared with `users ds`. */
export const DS_COLUMNS: Column<ListedDs>[] = [
  { header: 'ID', value: (d) => d.id },
  { header: 'XML ID', value: (d) => d.xmlId },
  { header: 'DISPLAY NAME', value: (d) => d.displayName },
  { header: 'CDN', value: (d) => d.cdnName },
  { header: 'ORIGIN', value: (d) => d.orgServerFqdn },
  { header: 'ACTIVE', value: (d) => d.active },
  { header: 'TENANT', value: (d) => d.tenant, wide: true },
  { header: 'TYPE', value: (d) => d.type, wide: true },
  { header: 'ROUTING NAME', value: (d) => d.routingName, wide: true },
  { header: 'PROFILE', value: (d) => d.profileName, wide: true },
];

/** The settings `ds get` shows first, in this order (every field is in `-o json`). */
const SETTINGS: Array<[string, (d: DeliveryService) => unknown]> = [
  ['xmlId', (d) => d.xmlId],
  ['id', (d) => d.id],
  ['displayName', (d) => d.displayName],
  ['active', (d) => d.active],
  ['cdn', (d) => d.cdnName],
  ['tenant', (d) => d.tenant],
  ['type', (d) => d.type],
  ['protocol', (d) => protocolName(d.protocol)],
  ['routingName', (d) => d.routingName],
  ['orgServerFqdn', (d) => d.orgServerFqdn],
  ['profile', (d) => d.profileName],
  ['exampleURLs', (d) => d.exampleURLs],
  ['lastUpdated', (d) => d.lastUpdated],
];

/** The page of one delivery service: settings, then each section of ds-sections.ts as a titled table. */
async function runGet(inv: Invocation, [ref]: string[]): Promise<Output> {
  const http = await inv.client();
  const ds = await findDeliveryService(http, ref);
  const data: Record<string, unknown> = { deliveryService: ds };
  const labelWidth = Math.max(...SETTINGS.map(([label]) => label.length)) + 1;
  const lines = SETTINGS.map(([label, value]) => `${`${label}:`.padEnd(labelWidth)} ${cellText(value(ds))}`.trimEnd());
  for (const section of dsSections()) {
    const found = await section.fetch(http, ds);
    const title = section.key.toUpperCase();
    if ('unavailable' in found) {
      data[section.key] = null;
      lines.push('', `${title}: ${found.unavailable}`);
      continue;
    }
    data[section.key] = found.rows;
    const cells = found.rows.map((row) => found.columns.map((c) => cellText(c.value(row))));
    lines.push('', `${title} (${found.rows.length})`);
    if (found.rows.length > 0)
      lines.push(
        ...renderTextTable(
          found.columns.map((c) => c.header),
          cells,
          Infinity,
        ).map((line) => `  ${line}`),
      );
  }
  return messageOutput(data, lines.join('\n'));
}

/** `cdnctl ds list|get`. */
export function registerDeliveryServices(program: Command): void {
  const ds = addNoun(program, 'ds', 'Delivery services: list, show, create, change and delete them', [
    'cdnctl ds list',
    'cdnctl ds get acme-vod',
    'cdnctl ds create -f acme-vod.yaml --dry-run',
  ]);
  addVerb<{ xmlId?: string; cdn?: string; tenant?: string }>(ds, {
    name: 'list',
    description: 'List the delivery services you can see',
    examples: ['cdnctl ds list', 'cdnctl ds list --cdn cdn1 -o wide', 'cdnctl ds list --xml-id acme-vod -o json'],
    api: { min: '1.1' },
    configure: (c) =>
      c
        .option('--xml-id <xmlId>', 'only this delivery service')
        .option('--cdn <name|id>', 'only delivery services of this CDN')
        .option('--tenant <name|id>', 'only delivery services of this tenant'),
    run: async (inv, _args, flags) => {
      const http = await inv.client();
      const tenant = flags.tenant === undefined ? undefined : await tenantId(http, flags.tenant);
      const { response } = await listDeliveryServices(http, { xmlId: flags.xmlId, cdn: flags.cdn, tenant });
      return tableOutput(response, response, DS_COLUMNS, 'No delivery services found.');
    },
  });
  addVerb(ds, {
    name: 'get <xmlId|id>',
    description: 'Show a delivery service: its settings, its origins and its recent jobs',
    examples: ['cdnctl ds get acme-vod', 'cdnctl ds get acme-vod -o json'],
    api: { min: '1.1', preferred: '1.3' },
    run: runGet,
  });
  registerDeliveryServiceWrites(ds);
}
