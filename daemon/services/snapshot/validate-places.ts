import type { KnownRecords } from '../../store/snapshot-types.js';
import type { knownNames, Sections } from './sections.js';

/*
 * References and unique keys of the topology's small tables (issue 30), with the API's texts: a reference the
 * API would look up by id and not find is `<thing> not found` (services/places/resources.ts), a unique key
 * another row holds is Traffic Ops' `<table> <column> '<value>' already exists.`.
 */

type Names = ReturnType<typeof knownNames>;

export function checkPlaces(s: Sections, known: KnownRecords, names: Names): void {
  for (const { model, f } of s.regions)
    if (model.divisionName && !names.divisions.has(model.divisionName)) f.fail('division not found');
  for (const { model, f } of s.physLocations)
    if (model.region && !names.regions.has(model.region)) f.fail('region not found');
  for (const { model, f } of s.asns)
    if (model.cachegroup && !names.cachegroups.has(model.cachegroup)) f.fail('cachegroup not found');
  for (const { model, f } of s.servers)
    if (model.physLocation && !names.physLocations.has(model.physLocation)) f.fail('physLocation not found');
  checkShortNames(s, known);
}

/** A short name held by another location the file leaves as it is. */
function checkShortNames(s: Sections, known: KnownRecords): void {
  const shortNameOf = new Map(known.physLocations);
  for (const { model } of s.physLocations) shortNameOf.set(model.name, model.shortName);
  for (const { model, f } of s.physLocations) {
    if (!model.shortName) continue;
    const holder = [...shortNameOf].find(([name, short]) => short === model.shortName && name !== model.name);
    if (holder) f.fail(`phys_location short_name '${model.shortName}' already exists.`);
  }
}

/** The types of the database and of the file, by the table that uses them. */
export function withFileTypes(known: KnownRecords, s: Sections): KnownRecords {
  const add = (table: string, into: Set<string>) =>
    new Set([...into, ...s.types.filter((t) => t.model.useInTable === table).map((t) => t.model.name)]);
  return {
    ...known,
    deliveryServiceTypes: add('deliveryservice', known.deliveryServiceTypes),
    cachegroupTypes: add('cachegroup', known.cachegroupTypes),
    serverTypes: add('server', known.serverTypes),
  };
}

const LOOPBACK = /^127\./;

/**
 * Traffic Ops' rule that no two servers of one profile share an IPv4 address (loopback exempt, as the API has it),
 * over the servers the import leaves: the database's, each replaced by the file's server of the same host name.
 * The text is the API's, the server's id 0 when the file creates it (as a POST's is).
 */
export function checkServerAddresses(s: Sections, known: KnownRecords): void {
  const after = new Map([...known.serverAddresses].map(([host, v]) => [host, { ip: v.ipAddress, profile: v.profile }]));
  for (const { model } of s.servers) after.set(model.hostName, { ip: model.ipAddress, profile: model.profile });
  for (const { model, f } of s.servers) {
    const ip = model.ipAddress;
    if (ip === null || LOOPBACK.test(ip)) continue;
    const n = [...after].filter(([h, v]) => h !== model.hostName && v.ip === ip && v.profile === model.profile).length;
    if (n === 0) continue;
    const id = known.serverAddresses.get(model.hostName)?.id ?? 0;
    const profileId = known.profileIds.get(model.profile) ?? 0;
    f.fail(`ipAddress is not unique across the server [id:${id}] profile [id:${profileId}], [${n}] conflicts`);
  }
}
