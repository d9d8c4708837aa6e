import type { AppContext } from '../../context.js';
import { maxRevalDurationDays } from '../../../shared/rules/purge/purge-request.js';

/** maxRevalDurationDays of the GLOBAL profile (config file regex_revalidate.config), 90 when unset. */
export async function readMaxRevalDurationDays(ctx: AppContext): Promise<number> {
  return maxRevalDurationDays(
    await ctx.store.parameters.profileValue('GLOBAL', 'maxRevalDurationDays', 'regex_revalidate.config'),
  );
}
