import { isIP } from 'node:net';

/** An IP address or a network in CIDR notation of the family (4 or 6), as Go's net.ParseIP/ParseCIDR accept them. */
export function isAddressOrNetwork(text: string, family: 4 | 6 | null = null): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0 || (family !== null && kind !== family)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (kind === 4 ? 32 : 128);
}

/** The family of an address or network (RESOLVE4 / RESOLVE6), null when it is neither. */
export function resolverType(text: string): 'RESOLVE4' | 'RESOLVE6' | null {
  if (isAddressOrNetwork(text, 4)) return 'RESOLVE4';
  if (isAddressOrNetwork(text, 6)) return 'RESOLVE6';
  return null;
}
