import type { Jwk, UriSigningKeyset } from '../../../shared/contract/keys.js';

/** A JSON Web Key, and URI-signing keys as Traffic Ops stored them (issuer → its keys and which one renews). */
export type { Jwk, UriSigningKeyset };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the shape: an object of issuers, each with a `keys` array of JWK objects. Answers the error text or null. */
function shapeError(value: unknown): string | null {
  if (!isObject(value)) return 'malformed JSON: the key set must be an object of issuers';
  for (const [issuer, set] of Object.entries(value)) {
    if (!isObject(set) || !Array.isArray(set.keys)) return `malformed JSON: issuer '${issuer}' needs a 'keys' array`;
    if (set.renewal_kid !== undefined && set.renewal_kid !== null && typeof set.renewal_kid !== 'string') {
      return `malformed JSON: the renewal_kid of issuer '${issuer}' must be a string`;
    }
    if (set.keys.some((key) => !isObject(key)))
      return `malformed JSON: every key of issuer '${issuer}' must be an object`;
  }
  return null;
}

/**
 * Traffic Ops' key set validation, with its texts: exactly one `renewal_kid` across all issuers, naming the `kid`
 * of some key, and every key with an `alg` and a `kid`. Answers the 400 text, or null when the set is valid.
 */
export function keysetError(value: unknown): string | null {
  const shape = shapeError(value);
  if (shape) return shape;
  const sets = Object.values(value as Record<string, { renewal_kid?: string | null; keys: Record<string, unknown>[] }>);
  const renewals = sets.map((s) => s.renewal_kid).filter((k): k is string => typeof k === 'string' && k !== '');
  if (renewals.length === 0) return 'invalid keyset: No renewal_kid was found in any keyset';
  if (renewals.length > 1) return 'invalid keyset: More than one renewal_kid was found in the keysets';
  const keys = sets.flatMap((s) => s.keys);
  for (const key of keys) {
    if (typeof key.alg !== 'string' || key.alg === '') return 'invalid keyset: A Key has no algorithm, alg, specified';
    if (typeof key.kid !== 'string' || key.kid === '') return 'invalid keyset: A Key has no key id, kid, specified';
  }
  if (!keys.some((key) => key.kid === renewals[0]))
    return 'invalid keyset: No key was found with a kid that matches the renewal kid';
  return null;
}

/** What may be shown of a key set: issuers, key ids, algorithms and the renewal kid; never a key's value. */
export function keysetSummary(keyset: UriSigningKeyset) {
  return {
    issuers: Object.entries(keyset).map(([issuer, set]) => ({
      issuer,
      renewalKid: set.renewal_kid ?? null,
      keys: set.keys.map((k) => ({ kid: k.kid, alg: k.alg })),
    })),
  };
}
