import { getMonitoringConfig, reportHealth } from '../shared/client/crconfig.js';
import { NotLoggedIn } from '../shared/client/errors.js';
import type { HttpClient } from '../shared/client/http.js';
import type { MonitorApi } from './loop.js';

/**
 * The daemon as a monitor uses it: the monitoring configuration and the health report. `relogin`, when given,
 * starts a new session after a 401 (the monitor's own credentials) and the refused call is made once more.
 */
export function monitorApi(http: HttpClient, relogin?: () => Promise<string>): MonitorApi {
  const once = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof NotLoggedIn) || !relogin) throw err;
      http.cookie = await relogin();
      return await call();
    }
  };
  return {
    monitoring: (cdn) => once(async () => (await getMonitoringConfig(http, cdn)).response),
    report: (cdn, body) =>
      once(async () => {
        await reportHealth(http, cdn, body);
      }),
  };
}
