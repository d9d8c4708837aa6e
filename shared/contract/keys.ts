// The key-store records of the API (issue 21), shared by the daemon (its response schemas) and the CLI client and
// the portal (the types).
import { bool, int, list, nullableText, record, text, textList, type FromSchema } from './schema.js';

/** URL-signing keys: `key0` … `key15`. */
export const urlSigKeysSchema = { type: 'object', additionalProperties: text } as const;
export type UrlSigKeys = FromSchema<typeof urlSigKeysSchema>;

/** A JSON Web Key of a URI-signing key set: `alg` and `kid` are required, the rest is kept as given. */
export const jwkSchema = {
  type: 'object',
  properties: { alg: text, kid: text },
  required: ['alg', 'kid'],
  additionalProperties: true,
} as const;
export type Jwk = FromSchema<typeof jwkSchema>;

/** URI-signing keys as Traffic Ops stored them: issuer → its keys and which one renews. */
export const uriSigningKeysetSchema = {
  type: 'object',
  additionalProperties: record({ renewal_kid: nullableText, keys: list(jwkSchema) }, ['renewal_kid']),
} as const;
export type UriSigningKeyset = FromSchema<typeof uriSigningKeysetSchema>;

/** TLS keys as stored and served (PEM, or base64 of the PEM); the subject fields only when they were given. */
export const sslKeysSchema = record(
  {
    cdn: text,
    deliveryservice: text,
    key: text,
    hostname: text,
    version: int,
    authType: text,
    businessUnit: text,
    city: text,
    organization: text,
    country: text,
    state: text,
    certificate: record({ crt: text, key: text, csr: text }),
  },
  ['authType', 'businessUnit', 'city', 'organization', 'country', 'state'],
);
export type SslKeys = FromSchema<typeof sslKeysSchema>;

/**
 * One certificate as GET keys/summary describes it: no key material. Times are ISO 8601; `daysLeft` counts whole
 * days to `notAfter`, `expiring` when under 30.
 */
export const certificateSummarySchema = record({
  cdn: text,
  hostname: text,
  authType: nullableText,
  fingerprint: text,
  subject: text,
  issuer: text,
  notBefore: text,
  notAfter: text,
  chainLength: int,
  version: int,
  daysLeft: int,
  expiring: bool,
  changedBy: text,
  changedAt: text,
});
export type CertificateSummary = FromSchema<typeof certificateSummarySchema>;

const uriIssuerSchema = record({
  issuer: text,
  renewalKid: nullableText,
  keys: list(record({ kid: text, alg: text })),
});

/** What the key store holds for a delivery service, as GET keys/summary answers: names, ids, dates, never secrets. */
export const keySummarySchema = record({
  xmlId: text,
  urlSigKeys: { anyOf: [record({ keys: int, names: textList, changedBy: text, changedAt: text }), { type: 'null' }] },
  uriSigningKeys: {
    anyOf: [record({ issuers: list(uriIssuerSchema), changedBy: text, changedAt: text }), { type: 'null' }],
  },
  sslKeys: list(certificateSummarySchema),
});
export type KeySummary = FromSchema<typeof keySummarySchema>;
