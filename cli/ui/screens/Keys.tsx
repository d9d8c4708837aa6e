import type { KeySummary, SslSummary } from '../../../shared/client/keys.js';
import { Browse } from './Browse.js';

interface KeysProps {
  load: () => Promise<KeySummary[]>;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
}

const expiry = (c: SslSummary) =>
  `${c.notAfter.slice(0, 10)}${c.expiring ? (c.daysLeft < 0 ? ' (expired!)' : ` (${c.daysLeft} days!)`) : ''}`;
const kids = (s: KeySummary) => s.uriSigningKeys?.issuers.flatMap((i) => i.keys.map((k) => k.kid)) ?? [];

/** What the key store holds per delivery service (admin): key names and ids, fingerprints, expiry; never a secret. */
export function Keys(props: KeysProps) {
  return (
    <Browse
      {...props}
      title="Keys"
      noun="keys"
      item={(s) => {
        const cert = s.sslKeys[0];
        return {
          key: s.xmlId,
          label: s.xmlId,
          hint: [
            cert ? `certificate v${cert.version} until ${expiry(cert)}` : null,
            s.urlSigKeys ? `${s.urlSigKeys.keys} URL keys` : null,
            kids(s).length > 0 ? `URI kids ${kids(s).join(',')}` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        };
      }}
      details={(s) => {
        const cert = s.sslKeys[0];
        return [
          ['Delivery service', s.xmlId],
          [
            'URL signing keys',
            s.urlSigKeys
              ? `${s.urlSigKeys.keys} (changed by ${s.urlSigKeys.changedBy}, ${s.urlSigKeys.changedAt})`
              : null,
          ],
          ['URI signing key ids', kids(s).join(', ') || null],
          ['Certificate version', cert ? String(cert.version) : null],
          ['Host name', cert?.hostname ?? null],
          ['Expires', cert ? expiry(cert) : null],
          ['SHA-256', cert?.fingerprint ?? null],
          ['Issuer', cert?.issuer ?? null],
          ['Changed', cert ? `by ${cert.changedBy}, ${cert.changedAt}` : null],
        ];
      }}
    />
  );
}
