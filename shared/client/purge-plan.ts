import { formatTimestamp } from '../time.js';
import type { DeliveryService } from './deliveryservices.js';

/** Paths of every kind: a regex that matches all of them revalidates everything a delivery service serves. */
const SAMPLE_PATHS = [
  '/',
  '/index.html',
  '/a/b/c.js',
  '/images/logo.png',
  '/video/seg-00001.ts?token=abc',
  '/.well-known/security.txt',
  '/UPPER/Case.TXT',
  '/%E2%9C%93/ünïcode',
];

/** True when a purge regex matches every path (e.g. `/.*`, `/`, `.*`); false when it does not or cannot compile. */
export function matchesEverything(regex: string): boolean {
  let compiled: RegExp;
  try {
    compiled = new RegExp(regex);
  } catch {
    return false;
  }
  return SAMPLE_PATHS.every((path) => compiled.test(path));
}

/** What `purge` will ask for, and what it will create. */
export interface PurgePlan {
  dsId: string;
  xmlId: string;
  regex: string;
  ttlHours: number;
  /** `YYYY-MM-DD hh:mm:ss`, UTC, as the API takes it. */
  startTime: string;
  /** When the rule stops applying: start + ttl, same form. */
  expiresAt: string;
  /** The origin's base URL followed by the regex, as the job will record it. */
  assetUrl: string;
  matchesEverything: boolean;
}

/** The revalidation a purge creates, or an error message when the delivery service cannot be purged. */
export function planPurge(ds: DeliveryService, regex: string, ttlHours: number, startMs: number): PurgePlan | string {
  if (!regex.startsWith('/')) return "regex: must start with '/'";
  const base = (ds.orgServerFqdn ?? '').replace(/\/+$/, '');
  if (!base) return `cannot invalidate content: delivery service ${ds.xmlId} has no origin`;
  return {
    dsId: String(ds.id),
    xmlId: ds.xmlId,
    regex,
    ttlHours,
    startTime: formatTimestamp(startMs),
    expiresAt: formatTimestamp(startMs + ttlHours * 3_600_000),
    assetUrl: `${base}${regex}`,
    matchesEverything: matchesEverything(regex),
  };
}
