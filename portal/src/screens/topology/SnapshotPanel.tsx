import { useCallback, useEffect, useState } from 'react';
import { getSnapshotDiff, publishSnapshot, type SectionDiff, type SnapshotDiff } from '../../api/snapshots';
import type { Alert } from '../../api/types';
import { AlertList } from '../../components/AlertList';
import { ConfirmByName } from '../../components/ConfirmByName';
import { alertsOf } from '../../lib/alerts';

const changed = (d: SectionDiff) => d.added.length + d.removed.length + d.changed.length > 0;

/** One section's changes: + added, - removed, ~ changed, each a key of the section. */
function SectionChanges({ name, diff }: { name: string; diff: SectionDiff }) {
  const rows = [
    ...diff.added.map((k) => ['added', '+', k]),
    ...diff.removed.map((k) => ['removed', '−', k]),
    ...diff.changed.map((k) => ['changed', '~', k]),
  ];
  return (
    <li>
      <strong>{name}</strong>
      <ul className="snapshot-changes mono">
        {rows.map(([kind, mark, key]) => (
          <li key={`${kind}:${key}`} className={`snapshot-${kind}`} aria-label={`${kind} ${key}`}>
            {mark} {key} <span className="muted">({kind})</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function DiffPart({ title, sections }: { title: string; sections: Record<string, SectionDiff> }) {
  const entries = Object.entries(sections).filter(([, d]) => changed(d));
  if (entries.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className="snapshot-sections">
        {entries.map(([name, d]) => (
          <SectionChanges key={name} name={name} diff={d} />
        ))}
      </ul>
    </>
  );
}

/** The diff, readable: when it was published, then what a publish would change, per part and section. */
function DiffView({ diff }: { diff: SnapshotDiff }) {
  return (
    <div className="snapshot-diff" aria-label={`Snapshot diff of ${diff.cdn}`}>
      <p className="muted">{diff.published ? `Published ${diff.published}.` : 'Never published.'}</p>
      {diff.pending ? (
        <>
          <DiffPart title="CRConfig (Traffic Router)" sections={diff.crconfig} />
          <DiffPart title="Monitoring configuration (Traffic Monitor)" sections={diff.monitoring} />
        </>
      ) : (
        <p role="status">No differences: the published configuration is current.</p>
      )}
    </div>
  );
}

function usePublish(cdn: string, load: () => Promise<void>, setAlerts: (a: Alert[]) => void) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      const res = await publishSnapshot(cdn);
      setConfirming(false);
      setAlerts([
        ...res.alerts.filter((a) => a.level !== 'success'),
        { level: 'success', text: `Published the configuration of ${cdn}.` },
      ]);
      await load();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { confirming, setConfirming, busy, publish };
}

/**
 * A CDN's snapshot (issue 35): what publishing would change for routers and monitors (pending against published),
 * and, for operations, a publish that asks for the CDN's name typed out.
 */
export function SnapshotPanel({ cdn, canWrite, onClose }: { cdn: string; canWrite: boolean; onClose: () => void }) {
  const [diff, setDiff] = useState<SnapshotDiff | null>(null);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const load = useCallback(async () => {
    try {
      setDiff((await getSnapshotDiff(cdn)).response);
    } catch (error) {
      setAlerts(alertsOf(error));
    }
  }, [cdn]);
  useEffect(() => void load(), [load]);
  const pub = usePublish(cdn, load, setAlerts);
  return (
    <section className="panel snapshot-panel" aria-label={`Snapshot of ${cdn}`}>
      <div className="section-header">
        <h3>Snapshot of {cdn}</h3>
        <div className="actions">
          {canWrite && diff?.pending && !pub.confirming ? (
            <button type="button" onClick={() => pub.setConfirming(true)}>
              Publish
            </button>
          ) : null}
          <button type="button" className="secondary" onClick={onClose}>
            Close snapshot
          </button>
        </div>
      </div>
      <AlertList alerts={alerts} />
      {pub.confirming ? (
        <ConfirmByName
          what="CDN"
          name={cdn}
          action="Publish"
          consequence="Routers and monitors read the new configuration at once."
          busy={pub.busy}
          onConfirm={() => void pub.publish()}
          onCancel={() => pub.setConfirming(false)}
        />
      ) : null}
      {diff ? <DiffView diff={diff} /> : <p className="muted">Loading the diff…</p>}
    </section>
  );
}
