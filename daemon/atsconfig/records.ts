import type { AtsServerContext } from './context.js';
import { header, paramsOf } from './header.js';

/**
 * records.config: one line per `records.config` parameter of the profile, `<name> <value>`, as Traffic Ops
 * wrote it (the name holds `CONFIG proxy.config.…`, the value `TYPE value`), in name order.
 */
export function renderRecords(ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>): string {
  const lines = paramsOf(ctx.params, 'records.config').map((p) => `${p.name} ${p.value}\n`);
  return header('records.config', `profile ${ctx.server.profile}`, ctx.version) + lines.join('');
}
