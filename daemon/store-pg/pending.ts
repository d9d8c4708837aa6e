// SCAFFOLDING while the PostgreSQL store is being written in parallel: each group file replaces its use of
// pending() with real sub-stores. Deleted before the store ships (nothing may import it at merge).
export function pending<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      if (prop === 'then') return undefined;
      return () => Promise.reject(new Error(`PostgreSQL store: ${what}.${String(prop)} is not written yet`));
    },
  });
}
