import { useEffect, useState } from 'react';
import {
  listDeliveryServices, listFederations, listJobs, listOrigins, listProfiles, listUsers,
} from '../api/endpoints';
import type { CurrentUser } from '../api/types';
import { CountCard } from '../components/CountCard';
import { PageHeader } from '../components/PageHeader';

const COUNTS = [
  { label: 'Delivery services', path: '/delivery-services', load: listDeliveryServices },
  { label: 'Origins', path: '/origins', load: () => listOrigins() },
  { label: 'My purge jobs', path: '/jobs', load: listJobs },
  { label: 'Users', path: '/users', load: listUsers },
  { label: 'Federations', path: '/federations', load: listFederations },
  { label: 'Profiles', path: '/profiles', load: listProfiles },
] as const;

/** Counts of what the signed-in user can see: each one the length of an API list, tenancy applied by the API. */
export function HomeScreen({ me }: { me: CurrentUser }) {
  const [counts, setCounts] = useState<Array<number | null | undefined>>(COUNTS.map(() => undefined));
  useEffect(() => {
    let current = true;
    Promise.allSettled(COUNTS.map((c) => c.load())).then((results) => {
      if (!current) return;
      setCounts(results.map((r) => (r.status === 'fulfilled' && Array.isArray(r.value.response) ? r.value.response.length : null)));
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <section>
      <PageHeader title={`Welcome, ${me.fullName || me.username}`} />
      <p className="muted">
        Role <strong>{me.roleName}</strong>
        {me.tenant ? (
          <>
            {' '}· tenant <strong>{me.tenant}</strong>
          </>
        ) : null}
      </p>
      <div className="cards">
        {COUNTS.map((c, i) => (
          <CountCard key={c.path} label={c.label} to={c.path} count={counts[i]} />
        ))}
      </div>
    </section>
  );
}
