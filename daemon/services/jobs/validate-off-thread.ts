import { REGEX_TOO_COMPLEX } from '../../../shared/rules/purge/bounded-match.js';
import {
  validatePurgeRequest,
  type PurgeLimits,
  type PurgeValidation,
} from '../../../shared/rules/purge/purge-request.js';
import { probeOffThread, refuseOverShare } from './regex-probe-pool.js';

/**
 * validatePurgeRequest as every route that takes a purge regex must run it: the static checks here, the probe
 * of a pattern that is not provably cheap on a worker thread, within the owner's share of the probe pool (an
 * owner over it gets 429). POST user/current/jobs, POST jobs and PUT jobs all come through here, so no regex
 * check runs on the event loop's critical path.
 */
export async function validatePurgeOffThread(
  body: unknown,
  limits: Omit<PurgeLimits, 'deferProbe'>,
  owner: string,
): Promise<PurgeValidation> {
  refuseOverShare(owner);
  const checked = validatePurgeRequest(body, { ...limits, deferProbe: true });
  if (!checked.ok || !checked.request.probe) return checked;
  const probed = await probeOffThread(checked.request.probe, owner);
  if ('tooComplex' in probed) return { ok: false, errors: [REGEX_TOO_COMPLEX] };
  const { probe: _probed, ...request } = checked.request;
  return { ok: true, request: { ...request, matchesEverything: probed.matchesEverything } };
}
