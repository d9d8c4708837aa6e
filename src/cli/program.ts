import { Command } from 'commander';
import { registerDaemon } from '../../commands/daemon.js';

/** The one registry of nouns and global flags. */
export function buildProgram(): Command {
  const program = new Command('cdnctl')
    .description('Control a CDN: a Traffic Ops 1.x compatible API daemon and its command line')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions(false);
  registerDaemon(program);
  return program;
}
