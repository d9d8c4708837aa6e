import type { ServerModel } from '../snapshot-types.js';
import type { Db } from './db.js';
import type { ServerRead } from '../snapshot-read-servers.js';
import { extraSelect } from '../snapshot-write-servers.js';

/** The servers of a snapshot, by host name, each with the xmlIds of its delivery services. */
export function readServers(db: Db): ServerModel[] {
  const rows = db
    .prepare<[], ServerRead>(
      `SELECT s.id, s.host_name AS hostName, s.domain_name AS domainName, s.tcp_port AS tcpPort, s.https_port AS httpsPort,
              s.interface_name AS interfaceName, s.interface_mtu AS interfaceMtu, s.ip_address AS ipAddress,
              s.ip_netmask AS ipNetmask, s.ip_gateway AS ipGateway, s.ip6_address AS ip6Address,
              s.ip6_gateway AS ip6Gateway, ty.name AS type, s.status, s.offline_reason AS offlineReason,
              cg.name AS cachegroup, c.name AS cdnName, p.name AS profile, pl.name AS physLocation, ${extraSelect(false)}
         FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id
         JOIN cdns c ON c.id = s.cdn_id JOIN profiles p ON p.id = s.profile_id
         LEFT JOIN phys_locations pl ON pl.id = s.phys_location_id ORDER BY s.host_name`,
    )
    .all();
  const dses = db
    .prepare<[number], string>(
      `SELECT ds.xml_id FROM deliveryservice_servers x JOIN deliveryservices ds ON ds.id = x.deliveryservice_id
      WHERE x.server_id = ? ORDER BY ds.xml_id`,
    )
    .pluck();
  const agents = db
    .prepare<[number], string>(
      'SELECT u.username FROM server_agents a JOIN users u ON u.id = a.user_id WHERE a.server_id = ? ORDER BY u.username',
    )
    .pluck();
  return rows.map(({ id, ...server }) => ({ ...server, deliveryServices: dses.all(id), agents: agents.all(id) }));
}
