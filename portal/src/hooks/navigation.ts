import { createContext, useContext } from 'react';
import type { Navigate } from './useLocationPath';

export const NavigationContext = createContext<Navigate>(() => undefined);

/** The page's path and query as the app last saw it (`/origins?q=acme`). */
export const LocationContext = createContext<string>('/');

/** Moves to another screen of the portal. */
export function useNavigate(): Navigate {
  return useContext(NavigationContext);
}

/** The current path with its query. */
export function useLocation(): string {
  return useContext(LocationContext);
}
