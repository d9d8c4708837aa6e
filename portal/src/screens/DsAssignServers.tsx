import { useState, type FormEvent } from 'react';
import { listServers } from '../api/caches';
import { assignDsServers } from '../api/manage';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';

/**
 * Adds a cache to the delivery service's assignments (POST deliveryservices/:xmlId/servers, which adds to what
 * is there): any edge cache not yet assigned. A mid serves every delivery service of its CDN unasked.
 */
export function DsAssignServers({
  xmlId,
  assigned,
  onAssigned,
}: {
  xmlId: string;
  assigned: ReadonlySet<string>;
  onAssigned: () => void;
}) {
  const servers = useResource(listServers);
  const [hostName, setHostName] = useState('');
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);
  const candidates = (servers.data ?? []).filter((s) => s.type.startsWith('EDGE') && !assigned.has(s.hostName));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hostName === '') return;
    setBusy(true);
    try {
      setAlerts((await assignDsServers(xmlId, [hostName])).alerts);
      setHostName('');
      onAssigned();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)} aria-label="Assign a cache">
      <AlertList alerts={alerts} />
      <Field label="Edge cache">
        <select value={hostName} onChange={(e) => setHostName(e.target.value)}>
          <option value="">Choose a cache…</option>
          {candidates.map((s) => (
            <option key={s.id} value={s.hostName}>
              {`${s.hostName} (${s.cachegroup}, ${s.cdnName})`}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={busy || hostName === ''}>
        Assign cache
      </button>
    </form>
  );
}
