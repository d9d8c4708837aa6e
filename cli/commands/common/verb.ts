import type { Command, Option } from 'commander';
import { CliError, EXIT } from '../../errors.js';
import { noDaemonHint } from '../../auth/target.js';
import { NotLoggedIn, Unreachable } from '../../../shared/client/errors.js';
import type { Output } from '../../output/format.js';
import { applyListQuery, filterHint, type ListQuery } from '../../output/list-query.js';
import { collect, positiveInt } from './parse.js';
import { Invocation, type GlobalFlags } from './invocation.js';
import type { VersionNeeds } from './version.js';

/**
 * One verb of a noun, as a plain definition: wired to commander by addVerb. `Flags` are its parsed options,
 * `Args` its positional arguments as commander hands them (strings, or what the verb's argument parsers answer;
 * a variadic argument is an array).
 */
export interface VerbSpec<Flags extends object = object, Args extends unknown[] = string[]> {
  /** Name and arguments, commander style: `get <id>`. */
  name: string;
  description: string;
  /** Shown under "Examples:" in --help; at least one. */
  examples: string[];
  /** The API versions it can use; omitted for verbs that call no API. */
  api?: { min: VersionNeeds['min']; preferred?: VersionNeeds['preferred']; newest?: VersionNeeds['newest'] };
  /** A verb that prints a table: it gets --limit, --sort and --filter (verbs named `list...` always do). */
  list?: boolean;
  /** Adds the verb's own options and arguments' parsers. */
  configure?: (command: Command) => void;
  /** Left out of --help and of the completion of verbs (a helper of the completion scripts). */
  hidden?: boolean;
  /** Does the work; what it answers, the printer prints. */
  run: (inv: Invocation, args: Args, flags: Flags) => Promise<Output | void>;
}

/** Adds "Examples:" after the help of a command. */
export function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText(
    'after',
    `\nExample${examples.length > 1 ? 's' : ''}:\n${examples.map((e) => `  ${e}`).join('\n')}\n`,
  );
}

/** A noun (`origins`, `users`...): a command that groups verbs. */
export function addNoun(parent: Command, name: string, description: string, examples: string[]): Command {
  return withExamples(parent.command(name).description(description), examples);
}

/** The full path of a command without the program name: `origins list`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Required options are marked "(required)" and listed first in --help, and checked here rather than by commander
 * (which stops at the first): one message names every one that is missing.
 */
function requiredFirst(command: Command): Option[] {
  const required = command.options.filter((o) => o.mandatory);
  for (const option of required) {
    option.mandatory = false;
    option.description = `(required) ${option.description}`;
  }
  const others = command.options.filter((o) => !required.includes(o));
  (command.options as Option[]).splice(0, command.options.length, ...required, ...others);
  return required;
}

function checkRequired(command: Command, required: Option[], path: string): void {
  const missing = required
    .filter((o) => command.getOptionValue(o.attributeName()) === undefined)
    .map((o) => o.long ?? o.flags);
  if (missing.length === 0) return;
  throw new CliError(
    `missing required flag${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    EXIT.USAGE,
    `see: cdnctl ${path} --help`,
  );
}

/** --filter, --sort and --limit: the same on every list, applied to what the API answered. */
function listOptions(command: Command): void {
  command
    .option(
      '--filter <field=value>',
      'only rows whose field is exactly the value, any case (FIELD~TEXT: contains TEXT); repeatable',
      collect,
    )
    .option('--sort <field>', 'sort by a field (-FIELD: descending); API field names or column headers')
    .option('--limit <n>', 'at most this many rows', positiveInt);
}

/** A table output narrowed by the list flags; json and yaml print the same rows. */
function queried(output: Output, query: ListQuery, note: (line: string) => void): Output {
  if (output.kind !== 'table' || (!query.filter && !query.sort && query.limit === undefined)) return output;
  const rows = applyListQuery(output.rows, output.columns, query);
  if (typeof rows === 'string') throw new CliError(rows, EXIT.USAGE);
  const hint = rows.length === 0 ? filterHint(output.rows, output.columns, query) : null;
  if (hint) note(`hint: ${hint}`);
  return { ...output, rows, data: output.data === output.rows ? rows : output.data };
}

/** Wires a verb: parses flags, builds the invocation, runs, prints, and always closes connections. */
export function addVerb<Flags extends object, Args extends unknown[] = string[]>(
  parent: Command,
  spec: VerbSpec<Flags, Args>,
): Command {
  const command = parent.command(spec.name, spec.hidden ? { hidden: true } : {}).description(spec.description);
  spec.configure?.(command);
  const isList = spec.list ?? spec.name.startsWith('list');
  if (isList) listOptions(command);
  const required = requiredFirst(command);
  withExamples(command, spec.examples);
  command.action(async (...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    const path = commandPath(self);
    checkRequired(self, required, path);
    const needs = spec.api
      ? { min: spec.api.min, preferred: spec.api.preferred ?? spec.api.min, newest: spec.api.newest }
      : undefined;
    const inv = await Invocation.create(path, self.optsWithGlobals() as GlobalFlags, needs);
    try {
      const output = await spec.run(inv, self.processedArgs as Args, self.opts() as Flags);
      if (output)
        await inv.printer.print(
          isList ? queried(output, self.opts() as ListQuery, (line) => inv.printer.note(line)) : output,
        );
    } catch (err) {
      throw explainUnreachableDaemon(explainExpiredSession(err, inv), inv);
    } finally {
      await inv.close();
    }
  });
  return command;
}

/** A local daemon whose daemon.json is left but which does not answer: say where it was looked for. */
function explainUnreachableDaemon(err: unknown, inv: Invocation): unknown {
  if (!(err instanceof Unreachable) || err.kind === 'tls' || inv.server().source !== 'daemon') return err;
  return new CliError(
    `${err.message} (the local daemon of ${inv.dataDir} is not running)`,
    EXIT.UNREACHABLE,
    noDaemonHint(inv.dataDir),
  );
}

/** A 401 on a stored or passed session means it expired or was ended: say so, and how to get a new one. */
function explainExpiredSession(err: unknown, inv: Invocation): unknown {
  if (!(err instanceof NotLoggedIn) || !inv.usedSession) return err;
  const session = inv.usedSession;
  const server = inv.server().url;
  if (session.source === 'env') {
    return new CliError(
      `the session in CDNCTL_SESSION was refused by ${server}: ${err.message}`,
      EXIT.NOT_LOGGED_IN,
      'log in again and pass the new cookie',
    );
  }
  return new CliError(
    `the session of ${session.username} on ${server} has expired or was ended (${err.message})`,
    EXIT.NOT_LOGGED_IN,
    inv.loginHint(),
  );
}
