import { formatTimestamp } from '../time.js';
import type { DeliveryService } from './deliveryservices.js';
import { patternMatchesEverything } from '../rules/purge/match-everything.js';

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
  /** The daemon's own rule (shared/rules/purge): the CLI asks for --yes exactly when the daemon would warn. */
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
    matchesEverything: patternMatchesEverything(regex),
  };
}
