import { lazy, Suspense, useEffect, useState } from 'react';
import {
  listDeliveryServices,
  listFederations,
  listJobs,
  listOrigins,
  listProfiles,
  listUsers,
} from '../api/endpoints';
import type { CurrentUser, Origin } from '../api/types';
import { listServerChecks, listServers, type CacheServer, type ServerChecks } from '../api/caches';
import { CacheHealthCards } from '../components/CacheHealthCards';
import { CountCard } from '../components/CountCard';
import { PageHeader } from '../components/PageHeader';
import { useNow } from '../hooks/useNow';
import { activeCount } from '../lib/dashboard';
import type { PortalJob } from '../lib/jobs';

const Dashboard = lazy(() => import('./Dashboard'));

type Count = number | null | undefined;
interface HomeData {
  counts: Record<'services' | 'origins' | 'users' | 'federations' | 'profiles', Count>;
  jobs: PortalJob[] | null;
  jobScope: 'all' | 'mine';
  origins: Origin[] | null;
  /** The caches and their checks, when the user may read servers. */
  caches: { servers: CacheServer[]; checks: ServerChecks[] } | null;
}

const lengthOf = (r: PromiseSettledResult<{ response: unknown }>): number | null =>
  r.status === 'fulfilled' && Array.isArray(r.value.response) ? r.value.response.length : null;

async function loadHome(): Promise<HomeData> {
  const [services, origins, jobs, users, federations, profiles, servers, checks] = await Promise.allSettled([
    listDeliveryServices(),
    listOrigins(),
    listJobs(),
    listUsers(),
    listFederations(),
    listProfiles(),
    listServers(),
    listServerChecks(),
  ]);
  return {
    counts: {
      services: lengthOf(services),
      origins: lengthOf(origins),
      users: lengthOf(users),
      federations: lengthOf(federations),
      profiles: lengthOf(profiles),
    },
    jobs: jobs.status === 'fulfilled' ? jobs.value.response.jobs : null,
    jobScope: jobs.status === 'fulfilled' ? jobs.value.response.scope : 'mine',
    origins: origins.status === 'fulfilled' ? origins.value.response : null,
    caches:
      servers.status === 'fulfilled'
        ? { servers: servers.value.response, checks: checks.status === 'fulfilled' ? checks.value.response : [] }
        : null,
  };
}

/** Counts of what the signed-in user can see (tenancy applied by the API) and charts of purges and origins. */
export function HomeScreen({ me }: { me: CurrentUser }) {
  const [data, setData] = useState<HomeData | null>(null);
  const now = useNow(60_000);
  useEffect(() => {
    let current = true;
    loadHome().then((d) => current && setData(d));
    return () => {
      current = false;
    };
  }, []);
  const c = data?.counts;
  const jobs = data?.jobs;
  return (
    <section>
      <PageHeader title={`Welcome, ${me.fullName || me.username}`} />
      <p className="muted">
        Role <strong>{me.roleName}</strong>
        {me.tenant ? (
          <>
            {' '}
            · tenant <strong>{me.tenant}</strong>
          </>
        ) : null}
      </p>
      {data?.caches ? <CacheHealthCards servers={data.caches.servers} checks={data.caches.checks} now={now} /> : null}
      <div className="cards">
        <CountCard label="Delivery services" to="/delivery-services" count={c?.services} />
        <CountCard label="Origins" to="/origins" count={c?.origins} />
        <CountCard
          label={data?.jobScope === 'mine' ? 'My active purges' : 'Active purges'}
          to="/jobs?f.state=active"
          count={jobs === undefined ? undefined : jobs === null ? null : activeCount(jobs, now)}
        />
        <CountCard label="Users" to="/users" count={c?.users} />
        <CountCard label="Federations" to="/federations" count={c?.federations} />
        <CountCard label="Profiles" to="/profiles" count={c?.profiles} />
      </div>
      {data ? (
        <Suspense fallback={<p className="muted">Loading charts…</p>}>
          <Dashboard jobs={data.jobs ?? []} origins={data.origins ?? []} now={now} />
        </Suspense>
      ) : null}
    </section>
  );
}
