import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from '../hooks/navigation';
import type { GridState } from './model';
import { readGridState, writeGridState } from './url-state';

/** A grid's state, read from and written to the URL (replacing the history entry, so Back leaves the page). */
export function useGridState(prefix = ''): [GridState, (next: GridState) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [pathname, search = ''] = location.split('?', 2);
  const state = useMemo(() => readGridState(search, prefix), [search, prefix]);
  const setState = useCallback(
    (next: GridState) => {
      const query = writeGridState(search, next, prefix);
      navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
    },
    [navigate, pathname, search, prefix],
  );
  return [state, setState];
}
