import type { ServerModel } from '../snapshot-types.js';
import type { ServerRead } from '../snapshot-read-servers.js';
import { extraSelect } from '../snapshot-write-servers.js';
import type { PgClient } from './pool.js';
import { statement } from './statement.js';
import { byOwner } from './group-rows.js';

const serverRows = statement<[], ServerRead>(
  'snap_read_servers',
  `SELECT s.id, s.host_name AS "hostName", s.domain_name AS "domainName", s.tcp_port AS "tcpPort", s.https_port AS "httpsPort",
          s.interface_name AS "interfaceName", s.interface_mtu AS "interfaceMtu", s.ip_address AS "ipAddress",
          s.ip_netmask AS "ipNetmask", s.ip_gateway AS "ipGateway", s.ip6_address AS "ip6Address",
          s.ip6_gateway AS "ip6Gateway", ty.name AS type, s.status, s.offline_reason AS "offlineReason",
          cg.name AS cachegroup, c.name AS "cdnName", p.name AS profile, pl.name AS "physLocation", ${extraSelect(true)}
     FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id
     JOIN cdns c ON c.id = s.cdn_id JOIN profiles p ON p.id = s.profile_id
         LEFT JOIN phys_locations pl ON pl.id = s.phys_location_id ORDER BY s.host_name COLLATE "C"`,
);
const serverDses = statement<[], { owner: number; name: string }>(
  'snap_read_server_dses',
  `SELECT x.server_id AS owner, ds.xml_id AS name FROM deliveryservice_servers x
     JOIN deliveryservices ds ON ds.id = x.deliveryservice_id ORDER BY ds.xml_id COLLATE "C"`,
);

const serverAgents = statement<[], { owner: number; name: string }>(
  'snap_read_server_agents',
  `SELECT a.server_id AS owner, u.username AS name FROM server_agents a JOIN users u ON u.id = a.user_id
    ORDER BY u.username COLLATE "C"`,
);

/** The servers of a snapshot, by host name, each with the xmlIds of its delivery services and its agents. */
export async function readServersPg(client: PgClient): Promise<ServerModel[]> {
  const dses = byOwner(await serverDses.all(client));
  const agents = byOwner(await serverAgents.all(client));
  const names = (rows: { name: string }[] | undefined) => (rows ?? []).map((r) => r.name);
  return (await serverRows.all(client)).map(({ id, ...server }) => ({
    ...server,
    deliveryServices: names(dses.get(id)),
    agents: names(agents.get(id)),
  }));
}
