import { useSyncExternalStore } from 'react';

/** The width below which the layout folds (the nav behind Menu, grid rows as cards); styles.css uses the same. */
export const NARROW_QUERY = '(max-width: 860px)';

const query = () => (typeof window === 'undefined' ? null : window.matchMedia(NARROW_QUERY));

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True while the window is narrow; false when rendered outside a browser. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
