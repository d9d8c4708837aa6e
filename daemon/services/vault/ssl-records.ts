import type { CertificateSummary } from './tls/verify.js';
import type { SslKeys } from '../../../shared/contract/keys.js';

/** TLS keys of a delivery service as stored (PEM text) and, with `decode`, as served (defined by the contract's schema). */
export type { SslKeys };

/** The body of `sslkeys/add` and `sslkeys/generate` as it arrives (the schema checked the types). */
export interface SslKeysRequest {
  key?: string;
  deliveryservice?: string;
  cdn?: string;
  hostname?: string;
  version?: number | string;
  authType?: string;
  businessUnit?: string;
  city?: string;
  organization?: string;
  country?: string;
  state?: string;
  certificate?: { crt?: string; key?: string; csr?: string };
}

const SUBJECT_FIELDS = ['businessUnit', 'city', 'organization', 'country', 'state'] as const;

/** Traffic Ops' `parsing request: missing fields: cdn required; …` text, or null when nothing is missing. */
export function missingFields(body: SslKeysRequest, generating: boolean): string | null {
  const missing: string[] = [];
  if (!body.key && !body.deliveryservice) missing.push('key required');
  if (!body.cdn) missing.push('cdn required');
  if (!body.hostname) missing.push('hostname required');
  if (body.version === undefined || body.version === '') missing.push('version required');
  if (generating) {
    for (const field of SUBJECT_FIELDS) if (!body[field]) missing.push(`${field} required`);
  } else {
    if (!body.certificate?.crt) missing.push('certificate.crt required');
    if (!body.certificate?.key) missing.push('certificate.key required');
    if (!body.certificate?.csr && body.authType !== 'Lets Encrypt') missing.push('certificate.csr required');
  }
  return missing.length > 0 ? `parsing request: missing fields: ${missing.join('; ')}` : null;
}

/** A version as a positive integer (given as a number or digits), or null. */
export function parseVersion(value: number | string | undefined): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The record to store, from a request whose identity was checked. */
export function sslKeysRecord(
  body: SslKeysRequest,
  xmlId: string,
  version: number,
  certificate: SslKeys['certificate'],
): SslKeys {
  const record: SslKeys = {
    cdn: body.cdn!,
    deliveryservice: xmlId,
    key: xmlId,
    hostname: body.hostname!,
    version,
    certificate,
  };
  if (body.authType) record.authType = body.authType;
  for (const field of SUBJECT_FIELDS) if (body[field]) record[field] = body[field];
  return record;
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** As served: PEM with `decode`, else base64 of the PEM (how Traffic Vault kept them). */
export function servedSslKeys(keys: SslKeys, decode: boolean): SslKeys {
  if (decode) return keys;
  const { crt, key, csr } = keys.certificate;
  return { ...keys, certificate: { crt: base64(crt), key: base64(key), csr: base64(csr) } };
}

/** What may be shown of stored TLS keys: the certificate's description and the record's identity. */
export function sslSummary(keys: SslKeys, certificate: CertificateSummary) {
  return { cdn: keys.cdn, hostname: keys.hostname, authType: keys.authType ?? null, ...certificate };
}
