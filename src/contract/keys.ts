/** One certificate as GET keys/summary describes it: no key material. */
export interface CertificateSummary {
  version: number;
  hostname: string;
  fingerprint: string;
  subject: string;
  issuer: string;
  notAfter: string;
  daysLeft: number;
  expiring: boolean;
  authType: string | null;
  changedBy: string;
  changedAt: string;
}

/** What the key store holds for a delivery service, as GET keys/summary answers: names, ids, dates, never secrets. */
export interface KeySummary {
  xmlId: string;
  urlSigKeys: { keys: number; names: string[]; changedBy: string; changedAt: string } | null;
  uriSigningKeys: { issuers: { issuer: string; renewalKid: string | null; keys: { kid: string; alg: string }[] }[]; changedBy: string; changedAt: string } | null;
  sslKeys: CertificateSummary[];
}
