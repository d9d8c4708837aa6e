import type { SnapshotWrite } from '../snapshot-types.js';
import type { Db } from './db.js';
import type { Tally } from '../snapshot-write-services.js';
import { sameIds } from '../server-agents.js';
import { idLookup, upserter } from './snapshot-upsert.js';
import { SERVER_COLUMNS, extraValues } from '../snapshot-write-servers.js';

/**
 * Writes the servers section: each server matched on its host name, its delivery-service assignments and its
 * agents replaced by the file's. The pending flags and check-in times are left as they are.
 */
export function writeServers(db: Db, snap: SnapshotWrite, now: number, tally: Tally): void {
  const servers = upserter(db, 'servers', ['host_name'], SERVER_COLUMNS);
  const cachegroups = idLookup(db, 'cachegroups');
  const cdns = idLookup(db, 'cdns');
  const profiles = idLookup(db, 'profiles');
  const locations = idLookup(db, 'phys_locations');
  const dses = idLookup(db, 'deliveryservices', 'xml_id');
  const refs = { cachegroups, cdns, profiles, locations };
  const type = db.prepare<[string], number>("SELECT id FROM types WHERE name = ? AND use_in_table = 'server'").pluck();
  const current = db
    .prepare<[number], number>('SELECT deliveryservice_id FROM deliveryservice_servers WHERE server_id = ?')
    .pluck();
  const clear = db.prepare<[number]>('DELETE FROM deliveryservice_servers WHERE server_id = ?');
  const add = db.prepare<[number, number]>(
    'INSERT INTO deliveryservice_servers (deliveryservice_id, server_id) VALUES (?, ?)',
  );
  const users = idLookup(db, 'users', 'username');
  const agents = db.prepare<[number], number>('SELECT user_id FROM server_agents WHERE server_id = ?').pluck();
  const clearAgents = db.prepare<[number]>('DELETE FROM server_agents WHERE server_id = ?');
  const addAgent = db.prepare<[number, number]>('INSERT INTO server_agents (server_id, user_id) VALUES (?, ?)');
  for (const s of snap.servers) {
    const { id, outcome } = servers.upsert({ ...serverRow(s, refs), type_id: type.get(s.type)! }, now);
    const wanted = new Set(s.deliveryServices.map((x) => dses.required(x)));
    const have = new Set(current.all(id));
    const assigned = wanted.size !== have.size || [...wanted].some((x) => !have.has(x));
    if (assigned) {
      clear.run(id);
      for (const ds of wanted) add.run(ds, id);
    }
    const bound = s.agents.map((u) => users.required(u));
    const rebound = !sameIds(agents.all(id), bound);
    if (rebound) {
      clearAgents.run(id);
      for (const user of bound) addAgent.run(id, user);
    }
    const changed = assigned || rebound;
    if (changed && outcome === 'unchanged') servers.touch(id, now);
    tally(outcome === 'unchanged' && changed ? 'updated' : outcome);
  }
}

type Lookup = ReturnType<typeof idLookup>;

/** A server's columns but its type, its references resolved. */
function serverRow(
  s: SnapshotWrite['servers'][number],
  refs: { cachegroups: Lookup; cdns: Lookup; profiles: Lookup; locations: Lookup },
) {
  return {
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
    status: s.status,
    offline_reason: s.offlineReason,
    cachegroup_id: refs.cachegroups.required(s.cachegroup),
    cdn_id: refs.cdns.required(s.cdnName),
    profile_id: refs.profiles.required(s.profile),
    phys_location_id: refs.locations.optional(s.physLocation),
    ...extraValues(s),
  };
}
