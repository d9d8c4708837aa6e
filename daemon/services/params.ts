import { toInteger } from '../../shared/rules/integer.js';
import { badRequest } from './errors.js';

// The integer rule is shared with the CLI and the portal (src/rules); the daemon's importers keep this path.
export { toInteger };

/** Parses a query or path value as an integer, or throws 400 `<key> cannot parse to integer`. */
export function parseIntegerParam(text: unknown, key: string): number {
  const n = toInteger(text);
  if (n === null) throw badRequest(`${key} cannot parse to integer`);
  return n;
}

/** Parses `true`/`false` (any case, or 1/0), or throws 400 `<key> cannot parse to boolean`. */
export function parseBooleanParam(text: unknown, key: string): boolean {
  const v = typeof text === 'string' ? text.trim().toLowerCase() : text;
  if (v === 'true' || v === '1' || v === true) return true;
  if (v === 'false' || v === '0' || v === false) return false;
  throw badRequest(`${key} cannot parse to boolean`);
}
