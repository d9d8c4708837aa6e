/**
 * Shares one database read among callers that may share it: every caller gets the result of a read that *started
 * after it called*, so it sees every write committed before its call (what Store.dataVersion promises across
 * daemons), while callers arriving together (the requests of one burst, or the two versions one cached request
 * asks for) are answered by one query instead of one each. At most one read runs and one waits to start; a caller
 * arriving while a read runs waits for the next one, since the running read may have begun before its call.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  /** The read in progress (settles, never rejects, when it ends). */
  let running: Promise<void> | null = null;
  /** The read that starts when the running one ends: callers may join it until it starts. */
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    // From here on, a new caller needs a later read than this one.
    queued = null;
    const result = read();
    const current: Promise<void> = result.then(
      () => undefined,
      () => undefined,
    );
    running = current;
    void current.then(() => {
      if (running === current) running = null;
    });
    return result;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    queued = running.then(start);
    return queued;
  };
}
