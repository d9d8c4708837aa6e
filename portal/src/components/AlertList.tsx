import type { Alert } from '../api/types';

/** The API's alerts as they came: one line each, coloured by level; errors announced at once. */
export function AlertList({ alerts }: { alerts: Alert[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="alerts">
      {alerts.map((alert, i) => (
        <p key={i} className={`alert alert-${alert.level}`} role={alert.level === 'error' ? 'alert' : 'status'}>
          {alert.text}
        </p>
      ))}
    </div>
  );
}
