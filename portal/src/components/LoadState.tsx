import type { Alert } from '../api/types';
import { AlertList } from './AlertList';

/** What a list shows while it loads, when its load failed, or when it is empty. */
export function LoadState({
  loading,
  alerts,
  empty,
  emptyText,
}: {
  loading: boolean;
  alerts: Alert[];
  empty: boolean;
  emptyText: string;
}) {
  if (alerts.length > 0) return <AlertList alerts={alerts} />;
  if (loading && empty) return <p className="muted">Loading…</p>;
  if (empty) return <p className="muted">{emptyText}</p>;
  return null;
}
