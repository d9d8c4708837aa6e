import type { CertificateSummary, KeySummary } from '../../../shared/contract/keys.js';
import type { RecordInfo } from '../../store/keystore.js';

export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** Who changed a record when. */
interface Changed {
  changedBy: string;
  changedAt: string;
}

/** What the portal and `cdnctl keys` show of a delivery service's keys: no key material at all (the contract's record). */
export type { KeySummary };

/** A TLS record's stored summary (sslSummary): the certificate's description and the record's identity. */
type StoredSslSummary = Omit<CertificateSummary, 'version' | 'daysLeft' | 'expiring' | 'changedBy' | 'changedAt'>;

const changed = (r: RecordInfo): Changed => ({
  changedBy: r.changedBy,
  changedAt: new Date(r.changedAt).toISOString(),
});

/**
 * The summary of one delivery service from its records' stored summaries (written beside the sealed bytes, so
 * nothing is opened). A certificate is `expiring` when it ends within 30 days (or has ended).
 */
export function keySummary(xmlId: string, records: RecordInfo[], now: number): KeySummary {
  const url = records.find((r) => r.kind === 'url_sig');
  const uri = records.find((r) => r.kind === 'uri_signing');
  const ssl = records
    .filter((r) => r.kind === 'ssl')
    .sort((a, b) => b.version - a.version)
    .map((r) => {
      const s = JSON.parse(r.summary) as StoredSslSummary;
      const daysLeft = Math.floor((Date.parse(s.notAfter) - now) / DAY_MS);
      return { ...s, version: r.version, daysLeft, expiring: daysLeft < EXPIRY_WARNING_DAYS, ...changed(r) };
    });
  return {
    xmlId,
    urlSigKeys: url ? { ...(JSON.parse(url.summary) as { keys: number; names: string[] }), ...changed(url) } : null,
    uriSigningKeys: uri
      ? { ...(JSON.parse(uri.summary) as NonNullable<KeySummary['uriSigningKeys']>), ...changed(uri) }
      : null,
    sslKeys: ssl,
  };
}
