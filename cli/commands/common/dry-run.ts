import { messageOutput, type Output } from '../../output/format.js';
import type { Invocation } from './invocation.js';

/** A write the verb would send: its method, API path (without /api/<version>) and body. */
export interface PlannedRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/**
 * The answer of `--dry-run` on a create, update or assignment: nothing is sent. On a terminal the sentence and
 * the request; with `-o json|yaml` `{dryRun: true, method, path, body}`.
 */
export function previewWrite(inv: Invocation, request: PlannedRequest, sentence: string): Output {
  inv.printer.note('dry run: nothing was changed');
  const body = request.body === undefined ? '' : `\n${JSON.stringify(request.body, null, 2)}`;
  return messageOutput({ dryRun: true, ...request }, `${sentence}\n${request.method} ${request.path}${body}`);
}
