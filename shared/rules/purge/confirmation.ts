import { patternMatchesEverything } from './match-everything.js';

/**
 * The one purge-safety rule of every surface (CLI, Ink screens, portal; issue 33): a purge whose regex matches
 * every path revalidates all content of the delivery service, so it is sent only after the operator typed the
 * delivery service's xmlId. Narrower purges need no confirmation. Pure.
 */
export interface PurgeConfirmation {
  /** What the purge would do, in one sentence (no trailing period). */
  warning: string;
  /** What to type to confirm: the delivery service's xmlId. */
  typeToConfirm: string;
  /** The question asked before the typing. */
  question: string;
  /** The label of the action that sends it. */
  confirmLabel: string;
}

/** The confirmation a purge of `regex` on `xmlId` needs, or null when it needs none. */
export function purgeConfirmation(regex: string, xmlId: string): PurgeConfirmation | null {
  if (!patternMatchesEverything(regex)) return null;
  return {
    warning: `the regex "${regex}" matches every path: it revalidates ALL content of ${xmlId} and may overload its origin`,
    typeToConfirm: xmlId,
    question: `Type "${xmlId}" to purge everything of it`,
    confirmLabel: 'Purge everything',
  };
}
