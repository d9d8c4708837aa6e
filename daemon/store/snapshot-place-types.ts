// The snapshot models of the topology's small tables (issue 30); snapshot-types.ts re-exports them.

/** A row of the types table (issue 30): its key is name and table together. */
export interface TypeModel {
  name: string;
  description: string;
  useInTable: string;
}

export interface StatusModel {
  name: string;
  description: string | null;
}

export interface DivisionModel {
  name: string;
}

export interface RegionModel {
  name: string;
  /** The division's name. */
  divisionName: string;
}

export interface PhysLocationModel {
  name: string;
  shortName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  poc: string | null;
  phone: string | null;
  email: string | null;
  comments: string | null;
  /** The region's name. */
  region: string;
}

export interface AsnModel {
  asn: number;
  /** The cache group's name. */
  cachegroup: string;
}
