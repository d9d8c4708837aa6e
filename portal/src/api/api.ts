import { createApiClient } from './client';
import type { Alert } from './types';

let sessionLost: (alerts: Alert[]) => void = () => undefined;

/** Tells the app when any request finds the session gone (401), so it can show the login screen. */
export function onSessionLost(handler: (alerts: Alert[]) => void): void {
  sessionLost = handler;
}

/** The portal's API client: the daemon that served the page, unless built with VITE_CDNCTL_API_URL. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: import.meta.env.VITE_CDNCTL_API_URL ?? '',
  onUnauthorized: (alerts) => sessionLost(alerts),
});
