/**
 * The per-address limit of password-reset requests, decided from the requests the database holds (table
 * reset_clients), so every daemon on one database counts the same requests: the rule both stores apply.
 */
export interface ClientWindow {
  /** Requests admitted from the client within the window. */
  count: number;
  /** The oldest of them (epoch ms), null when there is none. */
  oldest: number | null;
}

/** Milliseconds until `client` may ask again (0: admitted now), given what it asked within the window before `at`. */
export function resetClientWait(window: ClientWindow, at: number, windowMs: number, limit: number): number {
  if (window.count < limit) return 0;
  return Math.max(1, (window.oldest ?? at) + windowMs - at);
}
