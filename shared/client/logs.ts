import type { LogRecord } from '../contract/logs.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** GET logs: the change log, newest first; `username` is cdnctl's filter (Traffic Ops ignores it). */
export function listLogs(
  http: HttpClient,
  query: { days?: number; limit?: number; username?: string } = {},
): Promise<ApiResult<LogRecord[]>> {
  return http.get('/logs', {
    days: query.days === undefined ? undefined : String(query.days),
    limit: query.limit === undefined ? undefined : String(query.limit),
    username: query.username,
  });
}
