import { HOSTNAME_PROBLEM, isCertificateHostname } from '../../../shared/rules/hostname.js';
import type { SslKeys } from './ssl-records.js';
import { sslSummary } from './ssl-records.js';
import { parseChain, summarize } from './tls/verify.js';
import { keysetError, keysetSummary, type UriSigningKeyset } from './uri-keyset.js';
import { urlSigSummary, type UrlSigKeys } from './url-keys.js';
import type { SecretKind } from './seal.js';
import type { Vault } from './vault.js';
import { dnssecSummary } from './dnssec.js';

/** A secret in the `keys` section of `daemon export --with-secrets` (and of an import). */
export interface SnapshotKey {
  kind: SecretKind;
  deliveryService: string;
  version: number;
  secret: unknown;
  changedBy: string;
  changedAt: string;
}

/** Every secret of the key store, opened, for an export with secrets. */
export async function exportKeys(vault: Vault): Promise<SnapshotKey[]> {
  return (await vault.exportAll()).map((s) => ({
    kind: s.kind,
    deliveryService: s.owner,
    version: s.version,
    secret: s.secret,
    changedBy: s.changedBy,
    changedAt: new Date(s.changedAt).toISOString(),
  }));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The non-secret summary of a secret of `kind`, or the reason it is malformed (never quoting the secret). */
function summaryOf(kind: SecretKind, secret: unknown): object | string {
  if (kind === 'url_sig') {
    if (!isObject(secret) || !Object.values(secret).every((v) => typeof v === 'string'))
      return 'URL sig keys must be an object of strings';
    return urlSigSummary(secret as UrlSigKeys);
  }
  if (kind === 'uri_signing') return keysetError(secret) ?? keysetSummary(secret as UriSigningKeyset);
  if (kind === 'dnssec') return dnssecSummary(secret);
  const keys = secret as SslKeys;
  if (
    !isObject(secret) ||
    !isObject(keys.certificate) ||
    typeof keys.certificate.crt !== 'string' ||
    typeof keys.hostname !== 'string'
  ) {
    return 'TLS keys need hostname and certificate.crt';
  }
  if (!isCertificateHostname(keys.hostname)) return HOSTNAME_PROBLEM;
  const chain = parseChain(keys.certificate.crt);
  return typeof chain === 'string' ? chain : sslSummary(keys, summarize(chain));
}

export interface KeyItem {
  address: { kind: SecretKind; owner: string; version: number };
  secret: unknown;
  summary: object;
  changedBy: string;
  changedAt: number;
}

/** One entry of the `keys` section, checked; a string says what is wrong with it. */
function readKey(k: unknown, xmlIds: ReadonlySet<string>, now: number): KeyItem | string {
  const key = k as Partial<SnapshotKey>;
  if (!isObject(k) || !['url_sig', 'uri_signing', 'ssl', 'dnssec'].includes(String(key.kind)))
    return 'kind must be url_sig, uri_signing, ssl or dnssec';
  if (typeof key.deliveryService !== 'string' || !xmlIds.has(key.deliveryService)) return 'unknown deliveryService';
  const version = key.kind === 'ssl' ? key.version : 0;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0)
    return 'version must be a non-negative integer';
  const kind = key.kind as SecretKind;
  const summary = summaryOf(kind, key.secret);
  if (typeof summary === 'string') return summary;
  const at = Date.parse(key.changedAt ?? '');
  return {
    address: { kind, owner: key.deliveryService, version },
    secret: key.secret,
    summary,
    changedBy: typeof key.changedBy === 'string' ? key.changedBy : 'import',
    changedAt: Number.isNaN(at) ? now : at,
  };
}

/** Validates a snapshot's `keys` section against the delivery services that will exist; writes nothing. */
export function checkKeys(
  raw: unknown,
  xmlIds: ReadonlySet<string>,
  now: number,
): { errors: string[]; items: KeyItem[] } {
  if (!Array.isArray(raw)) return { errors: ['keys: must be an array'], items: [] };
  const errors: string[] = [];
  const items: KeyItem[] = [];
  raw.forEach((k: unknown, i) => {
    const item = readKey(k, xmlIds, now);
    if (typeof item === 'string') errors.push(`keys[${i}]: ${item}`);
    else items.push(item);
  });
  return { errors, items };
}

/** Seals every checked secret in one transaction. */
export async function storeKeys(vault: Vault, items: readonly KeyItem[]): Promise<number> {
  await vault.writeAll(items);
  return items.length;
}
