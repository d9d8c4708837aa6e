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
