import { useState } from 'react';
import type { Alert } from '../api/types';
import { alertsOf } from '../lib/alerts';
import { topologyFieldErrors } from '../lib/topology-errors';

/**
 * A page's mode (a list, or a form open on it), its alerts and the open form's per-field API errors; a write that
 * succeeds closes the form and reloads, one that fails keeps the form open with the API's texts under its fields.
 */
export function useWrites<M extends { kind: string }>(list: M, reload: () => void) {
  const [mode, setMode] = useState<M>(list);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const open = (next: M) => {
    setAlerts([]);
    setServerErrors({});
    setMode(next);
  };
  const write = async (
    action: () => Promise<{ alerts: Alert[] }>,
    fields: readonly string[] = [],
    aliases: Partial<Record<string, string>> = {},
  ) => {
    setBusy(true);
    try {
      setAlerts((await action()).alerts);
      setServerErrors({});
      setMode(list);
      reload();
    } catch (error) {
      const split = topologyFieldErrors(alertsOf(error), fields, aliases);
      setServerErrors(split.fields);
      setAlerts(split.rest);
    } finally {
      setBusy(false);
    }
  };
  return { mode, alerts, serverErrors, busy, open, write, close: () => setMode(list) };
}

export type Writes<M extends { kind: string }> = ReturnType<typeof useWrites<M>>;
