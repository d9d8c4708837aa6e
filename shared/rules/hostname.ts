/**
 * A host name a TLS certificate is stored for (`sslkeys/add`, `sslkeys/generate`, a snapshot's `keys`): it names
 * the `.crt`/`.key` files every cache of the delivery service fetches, so it must be a DNS name and nothing else.
 * RFC 1123 labels (1–63 letters, digits or hyphens, neither first nor last a hyphen) joined by dots, an optional
 * leading `*.` for a wildcard, at most 253 characters in all.
 */

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const HOSTNAME_MAX = 253;

/** True when `text` is a certificate host name as above. */
export function isCertificateHostname(text: string): boolean {
  if (text.length === 0 || text.length > HOSTNAME_MAX) return false;
  const name = text.startsWith('*.') ? text.slice(2) : text;
  return name.split('.').every((label) => LABEL.test(label));
}

/** The error text for a host name that is not one (it never quotes the value). */
export const HOSTNAME_PROBLEM = `hostname: must be a host name of letters, digits, hyphens and dots (RFC 1123 labels of at most 63 characters, an optional leading "*."), at most ${HOSTNAME_MAX} characters`;
