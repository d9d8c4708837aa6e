import { useState } from 'react';
import type { Alert } from '../api/types';
import { alertsOf } from '../lib/alerts';
import { fieldErrorsFromAlerts } from '../lib/field-errors';

/**
 * A screen's mode (list, or a form open on a record), its alerts and its form's per-field API errors: a write
 * that succeeds shows the API's alerts, returns to the list and reloads; one that fails keeps the form open.
 */
export function useFormWrites<M, K extends string>(list: M, fields: readonly K[], reload: () => void) {
  const [mode, setMode] = useState<M>(list);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const [busy, setBusy] = useState(false);
  const open = (next: M) => {
    setAlerts([]);
    setServerErrors({});
    setMode(next);
  };
  const write = async (action: () => Promise<{ alerts: Alert[] }>) => {
    setBusy(true);
    try {
      setAlerts((await action()).alerts);
      setMode(list);
      reload();
    } catch (error) {
      const split = fieldErrorsFromAlerts(alertsOf(error), fields);
      setServerErrors(split.fields);
      setAlerts(split.rest);
    } finally {
      setBusy(false);
    }
  };
  return { mode, alerts, serverErrors, busy, open, write };
}
