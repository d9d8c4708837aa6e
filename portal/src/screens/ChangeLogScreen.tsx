import { useState } from 'react';
import { listChangeLog } from '../api/endpoints';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { ChangeLogTable } from './ChangeLogTable';

const PERIODS = [1, 7, 30, 90] as const;

/** Who changed what: the change log of the last days (GET logs), filtered by the API to the caller's tenants. */
export function ChangeLogScreen() {
  const [days, setDays] = useState<number>(7);
  const log = useResource(() => listChangeLog(days), String(days));
  const entries = log.data ?? [];
  return (
    <section>
      <PageHeader title="Change log" />
      <p>
        <label htmlFor="change-log-days">Period </label>
        <select id="change-log-days" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {PERIODS.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? 'last day' : `last ${d} days`}
            </option>
          ))}
        </select>
      </p>
      <LoadState
        loading={log.loading}
        alerts={log.alerts}
        empty={entries.length === 0}
        emptyText="No changes in this period."
      />
      {entries.length > 0 ? <ChangeLogTable entries={entries} /> : null}
    </section>
  );
}
