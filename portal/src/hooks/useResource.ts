import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../api/client';
import type { Alert } from '../api/types';
import { alertsOf } from '../lib/alerts';

export interface Resource<T> {
  data: T | null;
  /** The alerts of a failed load. */
  alerts: Alert[];
  loading: boolean;
  reload: () => void;
}

/** Loads once per change of `key` and on reload(); a late answer to an older load is dropped. */
export function useResource<T>(load: () => Promise<ApiResult<T>>, key = ''): Resource<T> {
  const [state, setState] = useState<{ data: T | null; alerts: Alert[]; loading: boolean }>({
    data: null,
    alerts: [],
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (result) => current && setState({ data: result.response, alerts: [], loading: false }),
      (error: unknown) => current && setState({ data: null, alerts: alertsOf(error), loading: false }),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure each render; `key` and `generation` say when to load again.
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
