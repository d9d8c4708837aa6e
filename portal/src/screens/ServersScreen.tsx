import { useState } from 'react';
import { listServerChecks, listServers, queueServerUpdate, setServerStatus, type CacheServer } from '../api/caches';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';
import { NEEDS_REASON, SERVER_STATUSES } from '../lib/servers';
import { useNow } from '../hooks/useNow';
import { statusAlertText } from '../../../shared/rules/server-status-text.js';
import { ServersTable } from './ServersTable';
import { useWrites } from '../hooks/useWrites';
import { ServerEditor, type ServerMode } from './servers/ServerEditor';

const LIST: ServerMode = { kind: 'list' };

/** One status change: the new status, and a reason when the cache leaves service. */
function StatusForm({
  server,
  onDone,
  onCancel,
}: {
  server: CacheServer;
  onDone: (status: string, reason: string) => void;
  onCancel: () => void;
}) {
  const [status, setStatus] = useState(server.status);
  const [reason, setReason] = useState('');
  const needsReason = NEEDS_REASON.has(status);
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        onDone(status, reason.trim());
      }}
    >
      <h2>{`Status of ${server.hostName}`}</h2>
      <label htmlFor="server-status">Status</label>
      <select id="server-status" value={status} onChange={(e) => setStatus(e.target.value)}>
        {SERVER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {needsReason ? (
        <>
          <label htmlFor="server-reason">Reason (the cache stops serving)</label>
          <input id="server-reason" value={reason} required onChange={(e) => setReason(e.target.value)} />
        </>
      ) : null}
      <button type="submit" disabled={needsReason && reason.trim() === ''}>{`Set ${status}`}</button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** Sets a status; the answer reads true for an EDGE (Traffic Ops' text claims child caches it has not). */
async function changeStatus(server: CacheServer, status: string, reason?: string) {
  const result = await setServerStatus(server.id, status, reason);
  return { alerts: result.alerts.map((a) => ({ ...a, text: statusAlertText(a.text, server.type) })) };
}

/**
 * The caches, filterable by health, CDN, cache group, type and status (one filter row: the grid's own, in the URL
 * so the dashboard can link to it); operations users change status and queue updates.
 */
export function ServersScreen({ canWrite }: { canWrite: boolean }) {
  const servers = useResource(listServers);
  const checks = useResource(listServerChecks);
  const now = useNow(60_000);
  const [editing, setEditing] = useState<CacheServer | null>(null);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const editor = useWrites(LIST, servers.reload);
  const shown = servers.data ?? [];
  const checkMap = new Map((checks.data ?? []).map((c) => [c.id, c.checks ?? {}]));
  const write = async (run: () => Promise<{ alerts: Alert[] }>, done: string) => {
    try {
      const result = await run();
      setAlerts(result.alerts.length > 0 ? result.alerts : [{ level: 'success', text: done }]);
    } catch (error) {
      setAlerts(alertsOf(error));
    }
    servers.reload();
  };
  return (
    <section>
      <PageHeader title="Servers">
        {canWrite && editor.mode.kind === 'list' ? (
          <button type="button" onClick={() => editor.open({ kind: 'create' })}>
            Create server
          </button>
        ) : null}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            servers.reload();
            checks.reload();
          }}
        >
          Refresh
        </button>
      </PageHeader>
      <AlertList alerts={alerts} />
      <AlertList alerts={editor.alerts} />
      {editor.mode.kind !== 'list' ? (
        <ServerEditor
          mode={editor.mode}
          busy={editor.busy}
          serverErrors={editor.serverErrors}
          write={editor.write}
          onCancel={editor.close}
        />
      ) : null}
      {editing ? (
        <StatusForm
          server={editing}
          onCancel={() => setEditing(null)}
          onDone={(status, reason) => {
            setEditing(null);
            void write(() => changeStatus(editing, status, reason), `${editing.hostName} is now ${status}`);
          }}
        />
      ) : null}
      <LoadState
        loading={servers.loading}
        alerts={servers.alerts}
        empty={shown.length === 0}
        emptyText="No servers yet."
      />
      {shown.length > 0 ? (
        <ServersTable
          servers={shown}
          checks={checkMap}
          now={now}
          canWrite={canWrite}
          onStatus={setEditing}
          onEdit={(s) => editor.open({ kind: 'edit', id: s.id })}
          onAssign={(s) => editor.open({ kind: 'assign', id: s.id })}
          onQueue={(s, queue) =>
            void write(
              () => queueServerUpdate(s.id, queue),
              `${queue ? 'Queued an update on' : 'Cleared the queued update of'} ${s.hostName}`,
            )
          }
        />
      ) : null}
    </section>
  );
}
