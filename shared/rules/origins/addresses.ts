import { isIPv4 as netIsIPv4, isIPv6 as netIsIPv6 } from 'node:net';

/** A dotted-quad IPv4 address (no leading zeros, no prefix length). */
export function isIPv4(text: string): boolean {
  return netIsIPv4(text);
}

/** An IPv6 address without a zone index or prefix length. */
export function isIPv6(text: string): boolean {
  return !text.includes('%') && netIsIPv6(text);
}

// RFC 1123 labels; underscores are allowed because real origin host names carry them (as Traffic Ops allowed).
const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

/**
 * A host name made of DNS labels, with an optional final dot. IP addresses are not DNS names, and neither is
 * anything whose last label is all digits (no top-level domain is numeric), so `999.1.1.1` is refused too.
 */
export function isDnsName(text: string): boolean {
  if (isIPv4(text) || isIPv6(text)) return false;
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]);
}
