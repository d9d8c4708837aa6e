import { ApiFailure } from '../api/client';
import type { Alert } from '../api/types';

/** The alerts to show for a failed call: the API's own when it sent some. */
export function alertsOf(error: unknown): Alert[] {
  if (error instanceof ApiFailure) return error.alerts;
  return [{ level: 'error', text: error instanceof Error ? error.message : String(error) }];
}
