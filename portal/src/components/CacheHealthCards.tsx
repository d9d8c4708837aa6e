import type { CacheServer, ServerChecks } from '../api/caches';
import { Link } from './Link';
import {
  CACHE_HEALTHS,
  HEALTH_TEXT,
  cacheHealth,
  healthCounts,
  isCacheType,
  type CacheHealth,
} from '../../../shared/rules/cache-health.js';

const LABEL: Record<CacheHealth, string> = {
  down: 'Caches down (health monitors)',
  current: 'Caches up to date',
  pending: 'Caches pending (update or revalidation)',
  overdue: 'Caches overdue (no check-in for 2 intervals)',
  failing: 'Caches failing readiness checks',
};

/** Where a count leads: the Servers list filtered to that health (the grid's own URL filter). */
export const healthLink = (health: CacheHealth) =>
  `/servers?${new URLSearchParams({ 'f.health': HEALTH_TEXT[health] }).toString()}`;

/**
 * The first thing a CDN operator looks for: how many caches are up to date, pending, overdue and failing their
 * checks, each a link to those caches on the Servers page.
 */
export function CacheHealthCards({
  servers,
  checks,
  now,
}: {
  servers: CacheServer[];
  checks: ServerChecks[];
  now: number;
}) {
  const byId = new Map(checks.map((c) => [c.id, c.checks ?? {}]));
  const caches = servers.filter((s) => isCacheType(s.type));
  const counts = healthCounts(caches.map((s) => cacheHealth(s, byId.get(s.id), now)));
  const order: CacheHealth[] = ['current', ...CACHE_HEALTHS.filter((h) => h !== 'current').reverse()];
  return (
    <section className="cards cache-cards" aria-label="Caches">
      {order.map((h) => (
        <Link key={h} to={healthLink(h)} className={`card health-card-${h}`}>
          <span className="card-count">{counts[h].toLocaleString('en-US')}</span>
          <span className="card-label">{LABEL[h]}</span>
        </Link>
      ))}
    </section>
  );
}
