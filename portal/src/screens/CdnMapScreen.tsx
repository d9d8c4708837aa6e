import { PageHeader } from '../components/PageHeader';
import { useCacheMap, type MapConnection } from '../hooks/useCacheMap';
import { useNow } from '../hooks/useNow';
import type { MapCache, MapJob } from '../../../shared/contract/cache-map.js';
import { CACHE_HEALTHS, HEALTH_TEXT, checkInAge, type CacheHealth } from '../../../shared/rules/cache-health.js';
import { activeTier, jobProgressText, mapTree, type MapNode } from '../../../shared/rules/cache-map-tree.js';

const CONNECTION_TEXT: Record<MapConnection, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

/** A cache's pending work in words: update, revalidation, and the running purges it has not applied. */
function workOf(cache: MapCache): string {
  const work = [
    cache.updPending ? 'update' : null,
    cache.revalPending ? 'revalidation' : null,
    ...cache.pendingJobs.map((id) => `job ${id}`),
  ].filter((w): w is string => w !== null);
  return work.length > 0 ? work.join(' · ') : 'nothing pending';
}

function CacheChip({ cache, now, flash }: { cache: MapCache; now: number; flash: boolean }) {
  const classes = ['map-cache', `map-health-${cache.health}`];
  if (cache.pendingJobs.length > 0) classes.push('applying');
  if (flash) classes.push('flash');
  const health = HEALTH_TEXT[cache.health as CacheHealth] ?? cache.health;
  const failing = cache.failingChecks.length > 0 ? ` (${cache.failingChecks.join(', ')})` : '';
  return (
    <li className={classes.join(' ')} data-host={cache.hostName} data-health={cache.health}>
      <span className="map-host mono">{cache.hostName}</span>
      <span className="map-state">
        {health}
        {failing} · {cache.status}
      </span>
      <span className="map-age">checked in {checkInAge(cache.lastCheckIn, now)}</span>
      <span className="map-work">{workOf(cache)}</span>
    </li>
  );
}

function GroupNode({ node, now, changed }: { node: MapNode; now: number; changed: Map<number, number> }) {
  return (
    <li>
      <section className={`map-group map-tier-${node.group.tier}`} aria-label={`Cache group ${node.group.name}`}>
        <h3>
          {node.group.name} <span className="map-tier">{node.group.tier}</span>
        </h3>
        {node.caches.length > 0 ? (
          <ul className="map-caches">
            {node.caches.map((c) => (
              <CacheChip key={c.id} cache={c} now={now} flash={changed.has(c.id)} />
            ))}
          </ul>
        ) : (
          <p className="muted">No caches you can see.</p>
        )}
      </section>
      {node.children.length > 0 ? (
        <ul className="map-tree">
          {node.children.map((child) => (
            <GroupNode key={child.group.id} node={child} now={now} changed={changed} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function JobRow({ job }: { job: MapJob }) {
  const tier = activeTier(job);
  return (
    <li className={job.complete ? 'map-job complete' : `map-job running at-${tier ?? ''}`} data-job-id={job.id}>
      <span>
        Job {job.id} <strong>{job.deliveryService}</strong>{' '}
        <span className="mono muted">{job.assetUrl.replace(/^https?:\/\/[^/]+/, '')}</span>
      </span>
      <span className="map-job-tiers">
        {job.tiers.map((t) => (
          <span key={t.tier} className={t.tier === tier ? 'map-job-tier active' : 'map-job-tier'}>
            {t.tier} <meter min={0} max={Math.max(t.total, 1)} value={t.applied} /> {t.applied}/{t.total}
          </span>
        ))}
      </span>
      <span className="map-job-text">{jobProgressText(job)}</span>
    </li>
  );
}

function Legend() {
  return (
    <ul className="map-legend" aria-label="Legend">
      {[...CACHE_HEALTHS].reverse().map((h) => (
        <li key={h} className={`map-cache map-health-${h}`}>
          {HEALTH_TEXT[h]}
        </li>
      ))}
    </ul>
  );
}

/**
 * The live CDN map (issue 33): cache groups as a tree by tier, MID over EDGE, each cache coloured by its health
 * with its check-in age and pending work; running purges show MID then EDGE applying them. The daemon pushes
 * every change (server-sent events).
 */
export function CdnMapScreen() {
  const { map, connection, changed } = useCacheMap();
  const now = useNow(15_000);
  const tree = map ? mapTree(map) : [];
  return (
    <section className="cdn-map">
      <PageHeader title="CDN map">
        <span className={`map-connection map-connection-${connection}`} role="status">
          {CONNECTION_TEXT[connection]}
        </span>
      </PageHeader>
      <Legend />
      {map ? (
        <>
          <section aria-label="Running purges" className="map-jobs">
            <h2>Purges of the last day</h2>
            {map.jobs.length === 0 ? (
              <p className="muted">No purge in force from the last day.</p>
            ) : (
              <ul>
                {map.jobs.map((j) => (
                  <JobRow key={j.id} job={j} />
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Cache groups">
            <h2>Cache groups</h2>
            {tree.length === 0 ? <p className="muted">No caches you can see.</p> : null}
            <ul className="map-tree map-root">
              {tree.map((node) => (
                <GroupNode key={node.group.id} node={node} now={now} changed={changed} />
              ))}
            </ul>
          </section>
        </>
      ) : (
        <p className="muted">Loading the map…</p>
      )}
    </section>
  );
}
