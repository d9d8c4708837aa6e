/** The API versions this daemon serves, oldest first. */
export const VERSIONS = ['1.1', '1.2', '1.3'] as const;
export type ApiVersion = (typeof VERSIONS)[number];

function minor(v: string): number {
  return Number(v.split('.')[1]);
}

/** True when `version` is `since` or newer. */
export function atLeast(version: ApiVersion, since: ApiVersion): boolean {
  return minor(version) >= minor(since);
}

/** The served versions from `since` on: `since('1.2')` is ['1.2', '1.3']. */
export function since(first: ApiVersion): ApiVersion[] {
  return VERSIONS.filter((v) => atLeast(v, first));
}

export function isServedVersion(v: string): v is ApiVersion {
  return (VERSIONS as readonly string[]).includes(v);
}
