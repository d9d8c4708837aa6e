import type { ApiResult } from '../../../shared/client/types.js';
import { messageOutput, type Output } from '../../output/format.js';
import type { Invocation } from './invocation.js';

/**
 * The answer of a write. On a terminal (table, wide, csv) it is one sentence of what happened ("Created origin
 * acme-vod-2 (id 18) for acme-vod") and only the alerts that are not plain success; with `-o json|yaml` it is the
 * API's answer (`data`, by default the whole body) with every alert kept on stderr, as before.
 */
export function writeOutput(
  inv: Invocation,
  result: ApiResult<unknown>,
  sentence: string,
  data: unknown = result.body,
): Output {
  if (inv.printer.structured) {
    inv.printer.alerts(result.alerts);
    return messageOutput(data, '');
  }
  inv.printer.alerts(result.alerts.filter((alert) => alert.level !== 'success'));
  return messageOutput(data, sentence);
}
