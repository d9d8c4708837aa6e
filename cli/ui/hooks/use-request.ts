import { useCallback, useEffect, useRef, useState } from 'react';

/** The message of whatever an action rejected with. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * Runs `load` (an action prop) when the component mounts and whenever `reload` is called. While a reload runs
 * the previous data stays, so a refresh does not blank the screen. Answers that come after unmount are dropped.
 */
export function useRequest<T>(load: () => Promise<T>): RequestState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let live = true;
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (!live) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setError(messageOf(err));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, loading, error, reload };
}

export interface ActionState {
  pending: boolean;
  error: string | null;
  clearError: () => void;
  /** Runs a write; answers its result, or undefined when it failed (the error is then in `error`). */
  run: <T>(write: () => Promise<T>) => Promise<T | undefined>;
}

/** Tracks one write at a time: whether it runs, and the message it failed with. */
export function useAction(): ActionState {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const run = useCallback(async <T>(write: () => Promise<T>): Promise<T | undefined> => {
    setPending(true);
    setError(null);
    try {
      const result = await write();
      if (live.current) setPending(false);
      return result;
    } catch (err) {
      if (live.current) {
        setError(messageOf(err));
        setPending(false);
      }
      return undefined;
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { pending, error, clearError, run };
}
