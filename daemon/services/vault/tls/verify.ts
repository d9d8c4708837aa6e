import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/** What may be shown of a certificate: no key material. */
export interface CertificateSummary {
  fingerprint: string;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  chainLength: number;
}

export type Verification = { ok: true; summary: CertificateSummary; warnings: string[] } | { ok: false; error: string };

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
let roots: X509Certificate[] | null = null;
const trustedRoots = () => (roots ??= rootCertificates.map((pem) => new X509Certificate(pem)));

/** The certificates of a PEM bundle, leaf first; a string when one does not parse. Never echoes the input. */
export function parseChain(crt: string): X509Certificate[] | string {
  const blocks = crt.match(PEM_CERT) ?? [];
  if (blocks.length === 0) return 'no PEM certificate (-----BEGIN CERTIFICATE-----) found in certificate.crt';
  const chain: X509Certificate[] = [];
  for (const [i, block] of blocks.entries()) {
    try {
      chain.push(new X509Certificate(block));
    } catch {
      return `certificate ${i + 1} of certificate.crt is not a valid X.509 certificate`;
    }
  }
  return chain;
}

/** The non-secret description of a chain's leaf. */
export function summarize(chain: X509Certificate[]): CertificateSummary {
  const leaf = chain[0];
  return {
    fingerprint: leaf.fingerprint256,
    subject: leaf.subject.replace(/\n/g, ', '),
    issuer: leaf.issuer.replace(/\n/g, ', '),
    notBefore: new Date(leaf.validFrom).toISOString(),
    notAfter: new Date(leaf.validTo).toISOString(),
    chainLength: chain.length,
  };
}

function privateKey(pem: string): KeyObject | null {
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    return null;
  }
}

const signs = (issuer: X509Certificate, cert: X509Certificate) =>
  cert.checkIssued(issuer) && cert.verify(issuer.publicKey);

/** Where the chain ends: a root of Node's trust store signs its top, or it is self-signed, or neither. */
function anchor(top: X509Certificate): 'trusted' | 'self-signed' | 'unknown' {
  if (trustedRoots().some((root) => root.fingerprint256 === top.fingerprint256 || signs(root, top))) return 'trusted';
  return signs(top, top) ? 'self-signed' : 'unknown';
}

/**
 * Checks a certificate bundle and its private key for `sslkeys/add`: every certificate parses, the key opens and
 * matches the leaf, and each certificate is signed by the next (400 otherwise). An unknown authority, a
 * self-signed certificate, an expired one or one that does not cover `hostname` only warn, as in Traffic Ops.
 */
export function verifyCertificate(crt: string, key: string, hostname: string, now: number, ds: string): Verification {
  const chain = parseChain(crt);
  if (typeof chain === 'string') return { ok: false, error: `verifying certificate: ${chain}` };
  const pkey = privateKey(key);
  if (!pkey)
    return { ok: false, error: 'verifying certificate: certificate.key is not a PEM private key, or is encrypted' };
  if (!chain[0].checkPrivateKey(pkey))
    return { ok: false, error: 'verifying certificate: the private key does not match the certificate' };
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!signs(chain[i + 1], chain[i])) {
      return {
        ok: false,
        error: `verifying certificate: certificate ${i + 2} of the chain did not sign certificate ${i + 1} (out of order, or not its issuer)`,
      };
    }
  }
  const warnings: string[] = [];
  const lead = `WARNING: SSL keys were successfully added for '${ds}', but the input certificate may be invalid`;
  const end = anchor(chain[chain.length - 1]);
  if (end === 'unknown') warnings.push(`${lead} (certificate is signed by an unknown authority)`);
  if (end === 'self-signed' && chain.length === 1) warnings.push(`${lead} (the certificate is self-signed)`);
  if (Date.parse(chain[0].validTo) < now)
    warnings.push(`${lead} (the certificate expired on ${new Date(chain[0].validTo).toISOString()})`);
  if (hostname && chain[0].checkHost(hostname.replace(/^\*\./, 'x.'), { wildcards: true }) === undefined) {
    warnings.push(`${lead} (it does not cover the host name ${hostname})`);
  }
  return { ok: true, summary: summarize(chain), warnings };
}
