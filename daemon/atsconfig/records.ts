import type { AtsParameter, AtsServerContext } from './context.js';
import { header, paramsOf } from './header.js';

/**
 * Records every generated records.config carries unless the profile sets them (issue 32, finding 4). A
 * `traffic_ctl config reload` reaches traffic_server as a record sync, whose reload callbacks traffic_server runs
 * every proxy.config.config_update_interval_ms (3,000 ms by default): at 500 ms a changed remap.config is read up
 * to 2.5 s sooner. (The rest of the delay, up to 5 s, is traffic_manager's fixed sync timer in ATS 9.)
 */
const DEFAULT_RECORDS: readonly AtsParameter[] = [
  { name: 'CONFIG proxy.config.config_update_interval_ms', configFile: 'records.config', value: 'INT 500' },
];

/**
 * records.config: one line per `records.config` parameter of the profile, `<name> <value>`, as Traffic Ops
 * wrote it (the name holds `CONFIG proxy.config.…`, the value `TYPE value`), plus DEFAULT_RECORDS the profile
 * leaves unset, in name order.
 */
export function renderRecords(ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>): string {
  const own = paramsOf(ctx.params, 'records.config');
  const defaults = DEFAULT_RECORDS.filter((d) => !own.some((p) => p.name === d.name));
  const lines = paramsOf([...own, ...defaults], 'records.config').map((p) => `${p.name} ${p.value}\n`);
  return header('records.config', `profile ${ctx.server.profile}`, ctx.version) + lines.join('');
}
