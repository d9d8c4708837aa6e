import type { SnapshotWrite } from '../snapshot-types.js';
import { SERVER_COLUMNS, extraValues } from '../snapshot-write-servers.js';
import type { PgClient } from './pool.js';
import { ids, pgLinkReplacer, pgUpserter, typeOf } from './snapshot-upsert.js';
import { each, type PgTally } from './snapshot-write-services.js';

const servers = pgUpserter({ tag: 'server', table: 'servers', keys: ['host_name'], columns: SERVER_COLUMNS });
const assign = pgLinkReplacer({
  tag: 'server_ds',
  table: 'deliveryservice_servers',
  owner: 'server_id',
  target: 'deliveryservice_id',
});
const bind = pgLinkReplacer({ tag: 'server_agents', table: 'server_agents', owner: 'server_id', target: 'user_id' });

/**
 * Writes the servers section: each server matched on its host name, its delivery-service assignments and its
 * agents replaced by the file's. The pending flags and check-in times are left as they are.
 */
export async function writeServersPg(
  client: PgClient,
  snap: SnapshotWrite,
  now: number,
  tally: PgTally,
): Promise<void> {
  for (const s of snap.servers) {
    const { id, outcome } = await servers.upsert(
      client,
      {
        host_name: s.hostName,
        domain_name: s.domainName,
        tcp_port: s.tcpPort,
        https_port: s.httpsPort,
        interface_name: s.interfaceName,
        interface_mtu: s.interfaceMtu,
        ip_address: s.ipAddress,
        ip_netmask: s.ipNetmask,
        ip_gateway: s.ipGateway,
        ip6_address: s.ip6Address,
        ip6_gateway: s.ip6Gateway,
        type_id: await typeOf(client, s.type, 'server'),
        status: s.status,
        offline_reason: s.offlineReason,
        cachegroup_id: await ids.cachegroups.required(client, s.cachegroup),
        cdn_id: await ids.cdns.required(client, s.cdnName),
        profile_id: await ids.profiles.required(client, s.profile),
        phys_location_id: await ids.physLocations.optional(client, s.physLocation),
        ...extraValues(s),
      },
      now,
    );
    const assigned = await assign(
      client,
      id,
      await each(s.deliveryServices, (x) => ids.deliveryServices.required(client, x)),
    );
    const changed = (await bind(client, id, await each(s.agents, (u) => ids.users.required(client, u)))) || assigned;
    if (changed && outcome === 'unchanged') await servers.touch(client, id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}
