import type { Command } from 'commander';
import { listDeliveryServices, type DeliveryService } from '../src/client/deliveryservices.js';
import { tableOutput, type Column } from '../src/output/format.js';
import { tenantId } from './common/resolve.js';
import { addNoun, addVerb } from './common/verb.js';

/** Delivery-service columns, shared with `users ds`. */
export const DS_COLUMNS: Column<DeliveryService>[] = [
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

/** `cdnctl ds list`. */
export function registerDeliveryServices(program: Command): void {
  const ds = addNoun(program, 'ds', 'Delivery services (read-only here; they come from a snapshot)', ['cdnctl ds list']);
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
}
