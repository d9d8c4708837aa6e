import type { AtsServerContext } from './context.js';
import { header, paramsOf } from './header.js';

/** The global plugin every cache runs: it reads the CDN's purges from regex_revalidate.config. */
export const REGEX_REVALIDATE_LINE = 'regex_revalidate.so --config regex_revalidate.config';

/**
 * plugin.config: one line per `plugin.config` parameter, `<plugin .so> <arguments>`, in name order; the
 * regex_revalidate plugin comes first when the profile does not name it (every cache installs its file).
 */
export function renderPlugin(ctx: Pick<AtsServerContext, 'server' | 'params' | 'version'>): string {
  const params = paramsOf(ctx.params, 'plugin.config');
  const lines = params.map((p) => `${`${p.name} ${p.value}`.trim()}\n`);
  if (!params.some((p) => p.name === 'regex_revalidate.so')) lines.unshift(`${REGEX_REVALIDATE_LINE}\n`);
  return header('plugin.config', `profile ${ctx.server.profile}`, ctx.version) + lines.join('');
}
