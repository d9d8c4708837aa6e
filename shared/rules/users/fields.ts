/**
 * Pure helpers for reading user fields out of request bodies: blank checks, e-mail syntax, and the two
 * spellings of the password fields. No I/O, so every rule is unit-tested on its own.
 */

/** The optional free-text fields of a user, in the seed's order. */
export const PROFILE_FIELDS = [
  'addressLine1',
  'addressLine2',
  'city',
  'company',
  'country',
  'phoneNumber',
  'postalCode',
  'publicSshKey',
  'stateOrProvince',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type Body = Record<string, unknown>;

/** The request body as an object; a missing body reads as an empty one. */
export function asBody(value: unknown): Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

/** Absent, null, or a string of only white space. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export const cannotBeBlank = (field: string) => `'${field}' cannot be blank`;
export const mustBeString = (field: string) => `'${field}' must be a string`;
export const mustBeInteger = (field: string) => `'${field}' must be an integer`;
/** gid and uid are stored as 32-bit integers (Traffic Ops' and our PostgreSQL columns): what SQLite would take beyond would not move. */
export const INT32 = { min: -2147483648, max: 2147483647 } as const;
export const mustBeInt32 = (field: string) => `'${field}' must be between ${INT32.min} and ${INT32.max}`;
export const INVALID_EMAIL = "'email' must be a valid email address";
export const PASSWORD_MISMATCH = "'confirmLocalPassword' must match 'localPassword'";

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An address of the form local@domain: dot-atoms on the left, DNS labels on the right, no display name. */
export function isValidEmail(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  return domain.split('.').every((label) => DOMAIN_LABEL.test(label));
}

/** `Name <addr>` or `<addr>`: an optional display name (a quoted string or words), then the address in brackets. */
const NAME_ADDR = /^(?:"(?:[^"\\]|\\.)*"|[^"<>]*)\s*<([^<>]*)>$/;

/**
 * The bare address of an e-mail as mail clients write it (RFC 5322's name-addr, as Go's mail.ParseAddress
 * reads it): `addr`, `<addr>` (the Traffic Ops Go client's rfc.EmailAddress without a name) or
 * `Display Name <addr>`. Null when there is no valid address in it.
 */
export function emailAddressOf(text: string): string | null {
  const trimmed = text.trim();
  const bracketed = NAME_ADDR.exec(trimmed);
  const address = bracketed ? bracketed[1].trim() : trimmed;
  return isValidEmail(address) ? address : null;
}

/**
 * The password and its confirmation, under either spelling: the seed's `localPassword`/`confirmLocalPassword`
 * or Traffic Ops clients' `localPasswd`/`confirmLocalPasswd` (the seed's wins when both are sent).
 */
export function passwordFields(body: Body): { password: unknown; confirm: unknown } {
  return {
    password: body.localPassword ?? body.localPasswd,
    confirm: body.confirmLocalPassword ?? body.confirmLocalPasswd,
  };
}

/** An integer sent as a JSON number or as a string of digits; null when it is neither. */
export function integerValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** Checks a required string field; answers its error text, or null when it holds a non-blank string. */
export function requiredStringProblem(body: Body, field: string): string | null {
  const value = body[field];
  if (isBlank(value)) return cannotBeBlank(field);
  return typeof value === 'string' ? null : mustBeString(field);
}
