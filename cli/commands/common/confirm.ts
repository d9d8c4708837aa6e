import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors.js';
import type { Printer } from '../../output/printer.js';
import { ask, confirm, interactive } from './prompt.js';

/** The flags every destructive verb takes (see destructiveOptions). */
export interface DestructiveFlags {
  yes?: boolean;
  dryRun?: boolean;
}

/**
 * Adds `-y, --yes` (and `--dry-run` when the verb can say what it would do) to a destructive verb. Every delete,
 * dequeue or status change to OFFLINE/ADMIN_DOWN uses these and confirmDestructive, so they behave alike.
 */
export function destructiveOptions(command: Command, options: { dryRun?: boolean } = {}): Command {
  command.option('-y, --yes', 'do not ask; required when stdin is not a terminal');
  if (options.dryRun !== false) command.option('--dry-run', 'say what would be done; change nothing');
  return command;
}

/** What a destructive verb is about to do. */
export interface DestructiveAction {
  /** In words, lower case, for the question and messages: `delete origin acme-vod-2 (id 18)`. */
  description: string;
  /** For deletes: the name the user must type to confirm (like the portal and the screens). */
  typeToConfirm?: string;
}

/** The usage error for a destructive verb off a terminal without `--yes`. */
export function needsYes(action: DestructiveAction): CliError {
  return new CliError(
    `refusing to ${action.description} without confirmation (no terminal to ask on)`,
    EXIT.USAGE,
    'pass --yes to confirm, or --dry-run to see what would happen',
  );
}

/**
 * Answers true when the action may go ahead: `--yes` given, or the user confirmed on the terminal (typing the
 * name for deletes, y/N otherwise). Off a terminal without `--yes` it fails with exit 2; a refusal on the
 * terminal ends with exit 1 and "nothing was changed". `--dry-run` is the caller's to handle before this.
 */
export async function confirmDestructive(
  printer: Printer,
  action: DestructiveAction,
  flags: DestructiveFlags,
): Promise<void> {
  if (flags.yes) return;
  if (!interactive()) throw needsYes(action);
  let agreed: boolean;
  if (action.typeToConfirm !== undefined) {
    printer.warn(`this will ${action.description}; it cannot be undone`);
    const typed = await ask(`Type "${action.typeToConfirm}" to confirm: `);
    agreed = typed.trim() === action.typeToConfirm;
  } else {
    agreed = await confirm(`${action.description.charAt(0).toUpperCase()}${action.description.slice(1)}?`);
  }
  if (!agreed) throw new CliError('cancelled; nothing was changed', EXIT.ERROR);
}
