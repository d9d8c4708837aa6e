import { compilePcre } from './pcre.js';

/**
 * Request paths of many shapes. The caches match a purge regex anywhere in the URL (unanchored), so a regex
 * that matches all of these revalidates, for practical purposes, every object of the delivery service.
 */
export const PROBE_PATHS: readonly string[] = [
  '/',
  '/a',
  '/Z',
  '/0',
  '/x/y.z?q',
  '/index.html',
  '/images/logo.png',
  '/a/b/c/d/e/f/g.tar.gz',
  '/video/seg-00042.ts?token=abc&expires=1800000000',
  '/~user/%20file_name-1.JSON',
  '/-/_/./!/$/&/(/)/*/+/,/;/=/:/@/',
];

/**
 * True when the regex matches every probe path. The bare root `/` may be missed: `/.+` leaves out only the site
 * root, which still means "all content" to the origin that has to answer the revalidations.
 */
export function matchesEverything(regex: RegExp): boolean {
  // Without g or y, test() keeps no state between calls: the regex itself serves (no second compilation).
  const probe = /[gy]/.test(regex.flags) ? new RegExp(regex.source, regex.flags.replace(/[gy]/g, '')) : regex;
  return PROBE_PATHS.every((path) => path === '/' || probe.test(path));
}

/**
 * The same rule for a regex as typed (a purge's `regex` field): read as PCRE, as the caches run it; false for a
 * regex that does not start with '/' or does not compile. The CLI's plan and the forms ask this one.
 */
export function patternMatchesEverything(regex: string): boolean {
  if (!regex.startsWith('/')) return false;
  const compiled = compilePcre(regex);
  return compiled.ok && matchesEverything(compiled.regex);
}
