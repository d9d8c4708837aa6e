import type { Db } from './db.js';
import type { KnownRecords, SectionName, SnapshotModel, SnapshotWrite } from '../snapshot-types.js';
import type { Tally } from '../snapshot-write-services.js';
import {
  SNAP_KNOWN_SQL,
  SNAP_PLACE_SQL,
  knownPlaces,
  placeModels,
  type PlaceRows,
  type PlaceSection,
  type PlaceWriteSpec,
} from '../snapshot-places.js';
import { idLookup, upserter } from './snapshot-upsert.js';

/** The issue-30 sections of a snapshot, read on SQLite (inside the export's transaction). */
export function readPlaces(db: Db): Pick<SnapshotModel, PlaceSection> {
  const all = <K extends PlaceSection>(k: K) => db.prepare<[], PlaceRows[K][number]>(SNAP_PLACE_SQL[k]).all();
  return placeModels({
    types: all('types'),
    statuses: all('statuses'),
    divisions: all('divisions'),
    regions: all('regions'),
    physLocations: all('physLocations'),
    asns: all('asns'),
  });
}

/** KnownRecords' issue-30 part on SQLite. */
export function readKnownPlaces(db: Db) {
  const all = <R>(sql: string) => db.prepare<[], R>(sql).all();
  return knownPlaces(
    {
      types: all(SNAP_PLACE_SQL.types),
      statuses: all(SNAP_PLACE_SQL.statuses),
      divisions: all(SNAP_PLACE_SQL.divisions),
      regions: all(SNAP_PLACE_SQL.regions),
    },
    all(SNAP_KNOWN_SQL.physLocations),
    all(SNAP_KNOWN_SQL.serverAddresses),
    all(SNAP_KNOWN_SQL.profileIds),
  ) satisfies Partial<KnownRecords>;
}

/** Writes these sections in order, each record matched on its natural key. */
export function writePlaces(
  db: Db,
  snap: SnapshotWrite,
  now: number,
  specs: readonly PlaceWriteSpec[],
  tally: (section: SectionName) => Tally,
): void {
  for (const spec of specs) {
    const table = upserter(db, spec.table, spec.keys, spec.columns);
    for (const { values, ref } of spec.rows(snap)) {
      const row = ref ? { ...values, [ref.column]: idLookup(db, ref.table).required(ref.name) } : values;
      tally(spec.section)(table.upsert(row, now).outcome);
    }
  }
}
