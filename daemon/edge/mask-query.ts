import { SESSION_COOKIE } from '../../shared/cookies.js';

/**
 * Masks the values of secret-naming query keys in a URL for the log. The key is judged as the server reads it:
 * percent-decoded (`%70=` is `p=`), `+` as space, without a trailing `[]` or `[...]` (`p[]=`), case-insensitive;
 * a key names a secret when it is one of the short forms Traffic Ops' API uses (`p`, `t`) or contains a secret
 * word anywhere (`password`, `pass`, `passwd`, `pwd`, `token`, `secret`, `key`, `auth`, `session`, `cookie`,
 * `sig`, `otp`). Values of such keys become `***`; everything else is kept as it was sent.
 */

const SHORT_SECRET_KEYS = new Set(['p', 't', 'u_p', 'pw']);
const SECRET_WORDS = new RegExp(`pass|pwd|token|secret|key|auth|session|cookie|sig|otp|credential|${SESSION_COOKIE}`);

function decodeKey(raw: string): string {
  const spaced = raw.replace(/\+/g, ' ');
  let decoded = spaced;
  // Decode repeatedly: `%2570` is `%70` after one pass, and some frameworks decode twice.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      next = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.trim().toLowerCase();
}

/** True when a (raw, as sent) query key names a secret. */
export function isSecretKey(rawKey: string): boolean {
  const key = decodeKey(rawKey);
  // `p[]` and `p[0]` are `p` to frameworks that read arrays; `user[token]` names a token inside.
  return SHORT_SECRET_KEYS.has(key.replace(/\[[^\]]*\]$/, '')) || SECRET_WORDS.test(key);
}

/** The URL with the values of secret-naming query keys replaced by `***`. */
export function maskQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      const eq = part.indexOf('=');
      const rawKey = eq < 0 ? part : part.slice(0, eq);
      if (!isSecretKey(rawKey)) return part;
      return eq < 0 ? part : `${rawKey}=***`;
    })
    .join('');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}
