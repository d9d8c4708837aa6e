// The browser build's stand-in for `node:net`, which the shared origin rules (src/rules/origins/addresses.ts) use for
// isIPv4/isIPv6. Same answers as Node's (test/portal/shims.test.ts compares them on many generated strings).

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

/** Groups of the part on one side of `::`, or null when one is malformed; an IPv4 tail counts as two groups. */
function groups(part: string, last: boolean): number | null {
  if (part === '') return 0;
  const items = part.split(':');
  let count = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (last && i === items.length - 1 && isIPv4(item)) count += 2;
    else if (GROUP.test(item)) count += 1;
    else return null;
  }
  return count;
}

export function isIPv6(text: string): boolean {
  const zone = text.indexOf('%');
  const address = zone >= 0 ? text.slice(0, zone) : text;
  if (zone >= 0 && !/^%[0-9a-zA-Z-.:]{1,}$/.test(text.slice(zone))) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) return groups(address, true) === 8;
  const left = groups(halves[0], false);
  const right = groups(halves[1], true);
  return left !== null && right !== null && left + right <= 7;
}

export function isIP(text: string): number {
  return isIPv4(text) ? 4 : isIPv6(text) ? 6 : 0;
}
