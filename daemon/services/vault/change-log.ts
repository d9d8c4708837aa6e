/** A key operation, as the change log records it: what happened to which delivery service's keys, never a secret. */
export type KeyChange =
  | { action: 'url-generate'; xmlId: string; dsId: number }
  | { action: 'url-copy'; xmlId: string; dsId: number; from: string }
  | { action: 'url-read'; xmlId: string; dsId: number }
  | { action: 'uri-store'; xmlId: string; dsId: number; kids: string[] }
  | { action: 'uri-delete'; xmlId: string; dsId: number }
  | { action: 'uri-read'; xmlId: string; dsId: number }
  | { action: 'ssl-add'; xmlId: string; dsId: number; version: number; fingerprint: string }
  | { action: 'ssl-generate'; xmlId: string; dsId: number; version: number; fingerprint: string }
  | { action: 'ssl-read'; xmlId: string; dsId: number; version: number | 'latest' }
  | { action: 'ssl-read-cdn'; cdn: string; count: number }
  | { action: 'dnssec-generate'; xmlId: string; dsId: number; ksk: number[]; zsk: number[] };

/** Reads of secrets: logged to the daemon's log (the change log records changes; see noteKeyChange). */
export const isKeyRead = (change: KeyChange) => change.action.endsWith('-read') || change.action === 'ssl-read-cdn';

/**
 * The text of a key operation's change-log entry, in Traffic Ops' `DS: <xmlId>, ID: <id>, ACTION: ...` form.
 * Pure: it names key ids, versions and certificate fingerprints, never key material.
 */
export function keyChangeMessage(change: KeyChange): string {
  if (change.action === 'ssl-read-cdn')
    return `CDN: ${change.cdn}, ACTION: Read the SSL keys of ${change.count} delivery service(s)`;
  const head = `DS: ${change.xmlId}, ID: ${change.dsId}, ACTION: `;
  switch (change.action) {
    case 'url-generate':
      return `${head}Generated URL sig keys`;
    case 'url-copy':
      return `${head}Copied URL sig keys from ${change.from}`;
    case 'url-read':
      return `${head}Read URL sig keys`;
    case 'uri-store':
      return `${head}Stored URI signing keys (kids: ${change.kids.join(', ') || 'none'})`;
    case 'uri-delete':
      return `${head}Deleted URI signing keys`;
    case 'uri-read':
      return `${head}Read URI signing keys`;
    case 'ssl-add':
      return `${head}Added SSL keys version ${change.version} (certificate SHA-256 ${change.fingerprint})`;
    case 'ssl-generate':
      return `${head}Generated SSL keys version ${change.version} (self-signed certificate SHA-256 ${change.fingerprint})`;
    case 'ssl-read':
      return `${head}Read SSL keys version ${change.version}`;
    case 'dnssec-generate':
      return `${head}Generated DNSSEC keys (KSK key tag ${change.ksk.join(', ')}, ZSK key tag ${change.zsk.join(', ')})`;
  }
}
