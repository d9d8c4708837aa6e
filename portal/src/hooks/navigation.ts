import { createContext, useContext } from 'react';
import type { Navigate } from './useLocationPath';

export const NavigationContext = createContext<Navigate>(() => undefined);

/** Moves to another screen of the portal. */
export function useNavigate(): Navigate {
  return useContext(NavigationContext);
}
