import { useCallback, useEffect, useState } from 'react';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

const currentPath = () => window.location.pathname + window.location.search;

/** The page's path and query, kept in step with the browser's history; navigate() moves without a page load. */
export function useLocationPath(): [string, Navigate] {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const onPop = () => setPath(currentPath());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<Navigate>((to, options) => {
    // A replace is a change of view in place (a grid's search or sort): the page keeps its scroll position.
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setPath(currentPath());
    if (!options?.replace) window.scrollTo(0, 0);
  }, []);
  return [path, navigate];
}
