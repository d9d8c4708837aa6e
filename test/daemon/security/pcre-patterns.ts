/**
 * Purge regexes for the caches' engine (issue 28, finding 5). Every cache evaluates regex_revalidate.config with
 * PCRE against every request URL, so what the daemon stores must compile in PCRE, mean there what it means in
 * the daemon's own (JavaScript) check, and not backtrack without end in either engine.
 */

/**
 * Catastrophic through counted repetition; each passed both checks before. With libpcre 8.39 (what ATS 9.2
 * links) each of the first five runs into PCRE's match limit after 0.7-1.4 s on a 32-character URL; the last
 * takes 10 ms on a 1 KiB URL there, and grows with every further slot.
 */
export const COUNTED_CATASTROPHIC: readonly string[] = [
  String.raw`/(x+x+){0,9}y`,
  String.raw`/(x{0,9}){0,9}y`,
  String.raw`/([xy]{0,9}){0,9}q`,
  String.raw`/(?:z{1,9}){1,9}q`,
  String.raw`/(k+k+){0,9}!`,
  String.raw`/x{0,9}x{0,9}x{0,9}x{0,9}x{0,9}x{0,9}y`,
];

/** Patterns JavaScript compiles but PCRE refuses or reads otherwise; each with the words its refusal names. */
export const PCRE_INCOMPATIBLE: ReadonlyArray<readonly [string, RegExp]> = [
  [String.raw`/images/\u0061-js.jpg`, /\\u escapes are JavaScript-only/],
  [String.raw`/images/(?<=a+)b`, /lookbehind must have a fixed length/],
  [String.raw`/x(?<=(a|bc))y`, /lookbehind must have a fixed length/],
  [String.raw`/x(?<=a\w{1,2})y`, /lookbehind must have a fixed length/],
  [String.raw`/a\p{L}`, /escape/],
  [String.raw`/a\k`, /escape/],
  [String.raw`/x\8`, /escape/],
  [String.raw`/x\01`, /escape/],
  [String.raw`/\x{41}`, /escape/],
  [String.raw`/a\e`, /escape/],
  [String.raw`/\cAb`, /escape/],
  [String.raw`/[\u0061]`, /\\u escapes are JavaScript-only/],
  [String.raw`/a{,5}`, /brace/],
  [String.raw`/a{b}`, /brace/],
  [String.raw`/(?<$n>x)`, /group name/],
  [String.raw`/[\w-z]`, /hyphen/],
  [String.raw`/x{70000}`, /65535/],
  [String.raw`/(?=a)*b`, /lookaround or anchor cannot be repeated/],
  [String.raw`/x(?!a){2}`, /lookaround or anchor cannot be repeated/],
  ['/caf\u00e9', /ASCII/],
  [String.raw`/(?x)a#b`, /inline flags/],
  [String.raw`/(?U)a.*b`, /inline flags/],
  [String.raw`/[[.a.]]`, /collating/],
  // PCRE's own limits (issue 32, finding 3): "regular expression is too large", "parentheses are too deeply nested".
  [String.raw`/(?:abcdefghij){5000}`, /compiles to about [\d,]+ bytes in PCRE, above its limit of 64 KiB/],
  [`/${'(?:'.repeat(251)}a${')'.repeat(251)}`, /nested more than 250 deep/],
];

/** What operators write, including the PCRE-only forms the daemon reads: all accepted. */
export const OPERATOR_PATTERNS: readonly string[] = [
  String.raw`/images/.*\.jpg`,
  String.raw`/a/(b|c)/d`,
  String.raw`/static/[0-9a-f]{8}/.*`,
  String.raw`/x{2,4}y`,
  String.raw`/path/`,
  String.raw`/path/$`,
  String.raw`/path/.*$`,
  String.raw`/path/index\.html\z`,
  String.raw`/(\d{1,3}\.){3}\d{1,3}/.*`,
  String.raw`/v[0-9]{1,3}/(css|js)/.*`,
  String.raw`/(?<=a)b`,
  String.raw`/x(?<!ab|c)y`,
  String.raw`/x(?=y)`,
  String.raw`/\x41\x2f`,
  String.raw`/(?<n>a)-\k<n>`,
  String.raw`/(?P<n>ab)-(?P=n)`,
  String.raw`/(a)\1`,
  String.raw`/a++b`,
  String.raw`/(?>ab|c)d`,
  String.raw`/\Qa.b\E/.*`,
  String.raw`/[[:digit:]]+/x`,
  String.raw`/[]a]`,
  String.raw`/(?i)images/.*`,
  String.raw`/(?i:abc)/x`,
  String.raw`/a\{b\}`,
  String.raw`/[a-z-]+/`,
  String.raw`/[-a]`,
  String.raw`/[\w.-]+\.css`,
  String.raw`/%7Bx%7D/\d+`,
  String.raw`/a{3}/b`,
];
