/**
 * A delivery service's `protocol` as Traffic Ops numbered it, in words (issue 33 item 6): 0 HTTP, 1 HTTPS,
 * 2 HTTP and HTTPS, 3 HTTP redirected to HTTPS. An unknown value is shown as it came.
 */
const PROTOCOLS: Record<number, string> = {
  0: 'HTTP',
  1: 'HTTPS',
  2: 'HTTP and HTTPS',
  3: 'HTTP redirected to HTTPS',
};

export function protocolName(protocol: number | string | null | undefined): string {
  if (protocol === null || protocol === undefined || protocol === '') return '';
  return PROTOCOLS[Number(protocol)] ?? String(protocol);
}
