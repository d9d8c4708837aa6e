import fc from 'fast-check';

/**
 * Arbitraries of hostile input for the property tests: SQL fragments, path tricks, awkward unicode, huge
 * strings, wrong types and keys that target JavaScript's object model.
 */

export const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "admin'--",
  '1; DROP TABLE users; --',
  "' UNION SELECT local_passwd FROM users --",
  '"; DELETE FROM origins; --',
  '1 OR 1=1',
  "%' OR 1=1 --",
  "\\'; SELECT sqlite_version(); --",
  '1)) OR ((1=1',
  'id_hash',
];

export const PATH_TRICKS = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/shadow',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  '....//....//etc',
  '/dev/zero',
  '%00',
  'a\u0000b',
  '~root/.ssh/id_rsa',
  '/api/1.3/users',
];

export const AWKWARD_UNICODE = [
  '\u202eevil',
  '\ud800',
  '\udfff',
  'e\u0301',
  '\uffff\ufffe',
  '😀'.repeat(16),
  'İıß',
  'line\u2028break',
  'tab\tand\nnewline\r',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '',
  ' ',
];

export const JS_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'NaN',
  'null',
  'undefined',
];

const HUGE = ['a'.repeat(65_536), 'x'.repeat(400_000), '€'.repeat(120_000), '/'.repeat(4096)];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL_FRAGMENTS, ...PATH_TRICKS, ...AWKWARD_UNICODE, ...JS_NAMES), weight: 6 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 2 },
  { arbitrary: fc.constantFrom(...HUGE), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 2 ** 63, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
);

/** Any JSON value, with hostile leaves. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileString, weight: 5 },
    { arbitrary: hostileNumber, weight: 3 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.oneof(hostileKey(), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
      weight: 1,
    },
  ),
})).value;

function hostileKey(): fc.Arbitrary<string> {
  return fc.constantFrom(...JS_NAMES, 'id', 'tenantId', 'role', 'user');
}

/**
 * A body for a route: an object over the route's own field names (nested where its schema nests) with hostile
 * values and a few foreign keys, or any JSON value at all.
 */
export function hostileBody(
  fieldNames: readonly string[],
  nested: Readonly<Record<string, readonly string[]>>,
): fc.Arbitrary<unknown> {
  const keys = [...fieldNames, ...JS_NAMES];
  const entry = fc
    .constantFrom(...keys)
    .chain((key) =>
      (Object.hasOwn(nested, key) ? fc.oneof(hostileBody(nested[key], {}), hostileValue) : hostileValue).map(
        (value) => [key, value] as const,
      ),
    );
  const object = fc.array(entry, { maxLength: Math.max(4, fieldNames.length + 2) }).map((entries) => {
    // JSON.parse makes `__proto__` an own key; build the body the same way so the key is really sent.
    const body: Record<string, unknown> = {};
    for (const [key, value] of entries)
      Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
    return body;
  });
  return fc.oneof({ arbitrary: object, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/** Query pairs over the route's filter names and foreign ones; keys may repeat (`?id=1&id=2`). */
export function hostileQuery(keys: readonly string[]): fc.Arbitrary<[string, string][]> {
  const key =
    keys.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 4 }, { arbitrary: hostileKey(), weight: 1 })
      : hostileKey();
  return fc.array(fc.tuple(key, hostileString), { maxLength: 4 });
}

/** Path segments sent as they are: broken percent-encoding, overlong and invalid UTF-8, encoded dots. */
export const RAW_PATH_SEGMENTS = [
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%%',
  '%zz',
  '%2e%2e',
  '..',
  '.',
  '%00',
  '%2F..%2F..',
  ';jsessionid=1',
];

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, as any client would send). */
export function encodeSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
}

/** Raw request bodies that are not valid JSON, or not JSON at all. */
const notJson = (text: string) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
};

export const malformedJson: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"u":',
      '[1,2',
      '{"a":1,}',
      "{'single':'quotes'}",
      'NaN',
      '{"a":undefined}',
      '\u0000',
      '{"a":"\\x41"}',
      '}{',
    ),
    fc.string({ maxLength: 30 }),
  )
  .filter(notJson);
