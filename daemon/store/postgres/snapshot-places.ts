import type { QueryResultRow } from 'pg';
import type { SectionName, SnapshotModel, SnapshotWrite } from '../snapshot-types.js';
import {
  PLACES_AFTER_CACHEGROUPS,
  PLACES_BEFORE_CACHEGROUPS,
  SNAP_KNOWN_SQL,
  SNAP_PLACE_SQL,
  knownPlaces,
  placeModels,
  type PlaceSection,
  type PlaceWriteSpec,
} from '../snapshot-places.js';
import type { PgClient, PgQueryable } from './pool.js';
import { statement } from './statement.js';
import { pgIdLookup, pgUpserter } from './snapshot-upsert.js';
import type { PgTally } from './snapshot-write-services.js';

const read = <R extends QueryResultRow>(tag: string, sql: string) => statement<[], R>(`snap_places_${tag}`, sql);

const rows = {
  types: read<SnapshotModel['types'][number]>('types', SNAP_PLACE_SQL.types),
  statuses: read<SnapshotModel['statuses'][number]>('statuses', SNAP_PLACE_SQL.statuses),
  divisions: read<SnapshotModel['divisions'][number]>('divisions', SNAP_PLACE_SQL.divisions),
  regions: read<SnapshotModel['regions'][number]>('regions', SNAP_PLACE_SQL.regions),
  physLocations: read<SnapshotModel['physLocations'][number]>('phys_locations', SNAP_PLACE_SQL.physLocations),
  asns: read<{ asn: number | string; cachegroup: string }>('asns', SNAP_PLACE_SQL.asns),
};
const known = {
  physLocations: read<{ name: string; shortName: string }>('known_phys', SNAP_KNOWN_SQL.physLocations),
  servers: read<{ id: number; hostName: string; ipAddress: string | null; profile: string }>(
    'known_servers',
    SNAP_KNOWN_SQL.serverAddresses,
  ),
  profiles: read<{ id: number; name: string }>('known_profiles', SNAP_KNOWN_SQL.profileIds),
};

/** The issue-30 sections of a snapshot, read on PostgreSQL (inside the export's transaction). */
export async function readPlacesPg(client: PgClient): Promise<Pick<SnapshotModel, PlaceSection>> {
  return placeModels({
    types: await rows.types.all(client),
    statuses: await rows.statuses.all(client),
    divisions: await rows.divisions.all(client),
    regions: await rows.regions.all(client),
    physLocations: await rows.physLocations.all(client),
    asns: await rows.asns.all(client),
  });
}

/** KnownRecords' issue-30 part on PostgreSQL. */
export async function readKnownPlacesPg(db: PgQueryable) {
  return knownPlaces(
    {
      types: await rows.types.all(db),
      statuses: await rows.statuses.all(db),
      divisions: await rows.divisions.all(db),
      regions: await rows.regions.all(db),
    },
    await known.physLocations.all(db),
    await known.servers.all(db),
    await known.profiles.all(db),
  );
}

/** One upserter per table, and the id lookups the references need, made once at module load. */
const writers = new Map(
  [...PLACES_BEFORE_CACHEGROUPS, ...PLACES_AFTER_CACHEGROUPS].map((spec) => [
    spec.section,
    pgUpserter({ tag: `place_${spec.table}`, table: spec.table, keys: spec.keys, columns: spec.columns }),
  ]),
);
const lookups = new Map(
  ['divisions', 'regions', 'cachegroups'].map((t) => [t, pgIdLookup(`place_ref_${t}`, t)] as const),
);

async function writeSpecs(
  client: PgClient,
  snap: SnapshotWrite,
  now: number,
  specs: readonly PlaceWriteSpec[],
  tally: (section: SectionName) => PgTally,
): Promise<void> {
  for (const spec of specs) {
    const table = writers.get(spec.section)!;
    for (const { values, ref } of spec.rows(snap)) {
      const row = ref ? { ...values, [ref.column]: await lookups.get(ref.table)!.required(client, ref.name) } : values;
      tally(spec.section)((await table.upsert(client, row, now)).outcome);
    }
  }
}

/** The writer of one of these sections, for the adapter's list of writers in writing order. */
export const placeWriterPg =
  (section: PlaceSection) =>
  (client: PgClient, snap: SnapshotWrite, now: number, tally: PgTally): Promise<void> =>
    writeSpecs(
      client,
      snap,
      now,
      [...PLACES_BEFORE_CACHEGROUPS, ...PLACES_AFTER_CACHEGROUPS].filter((spec) => spec.section === section),
      () => tally,
    );
