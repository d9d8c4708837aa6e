/** The API versions this daemon serves, oldest first. */
export const VERSIONS = ['1.1', '1.2', '1.3', '1.4', '1.5'] as const;
export type ApiVersion = (typeof VERSIONS)[number];

function minor(v: string): number {
  return Number(v.split('.')[1]);
}

/** True when `version` is `since` or newer. */
export function atLeast(version: ApiVersion, since: ApiVersion): boolean {
  return minor(version) >= minor(since);
}

/** The served versions from `since` on: `since('1.2')` is ['1.2', '1.3', '1.4', '1.5']. */
export function since(first: ApiVersion): ApiVersion[] {
  return VERSIONS.filter((v) => atLeast(v, first));
}

/**
 * True from 1.4 on: there records take the shapes the Traffic Ops Go server emitted (JSON numbers, its key order
 * and null-ability), where 1.1–1.3 keep the seed's types (BEHAVIOR.md §1).
 */
export function goShapes(version: ApiVersion): boolean {
  return atLeast(version, '1.4');
}

export function isServedVersion(v: string): v is ApiVersion {
  return (VERSIONS as readonly string[]).includes(v);
}

/**
 * The versions at which the seed (docs/api/cdn-control-api.md) fixes a record's shape, by record: the user read
 * records and the current user at 1.1/1.2, the create answer and a user's delivery services at 1.2, the short
 * available delivery services and the user's jobs at 1.1/1.2, profiles at 1.1. At every other version a record
 * takes Traffic Ops' own 1.x types (BEHAVIOR.md "Shapes at the versions the seed does not fix", issue 34).
 */
export const SEED_VERSIONS = {
  user: ['1.1', '1.2'],
  userCreate: ['1.2'],
  userDeliveryServices: ['1.2'],
  availableDeliveryServices: ['1.1', '1.2'],
  userJobs: ['1.1', '1.2'],
  profile: ['1.1'],
} as const satisfies Record<string, readonly ApiVersion[]>;
export type SeedRecord = keyof typeof SEED_VERSIONS;

/** True when the seed fixes `record`'s shape at `version`. */
export function seedShape(record: SeedRecord, version: ApiVersion): boolean {
  return (SEED_VERSIONS[record] as readonly ApiVersion[]).includes(version);
}
