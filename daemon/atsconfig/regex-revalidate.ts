import { renderRegexRevalidate } from '../services/jobs/regex-revalidate.js';
import type { AtsServerContext } from './context.js';

/** regex_revalidate.config: the CDN's running purges, by the renderer the daemon already serves it with. */
export function renderRegexRevalidateFor(
  ctx: Pick<AtsServerContext, 'jobs' | 'now' | 'maxRevalDurationDays' | 'cdn' | 'version'>,
): string {
  // A job left out here was refused by the API since issue 32; the CDN route logs the warnings.
  return renderRegexRevalidate(ctx.jobs, ctx.now, ctx.maxRevalDurationDays, ctx.cdn.name, ctx.version).text;
}
