import { Command, Option } from 'commander';
import { registerAgent } from './commands/agent.js';
import { registerApi } from './commands/api.js';
import { registerAuth } from './commands/auth.js';
import { registerCachegroups } from './commands/cachegroups.js';
import { registerCdns } from './commands/cdns.js';
import { registerCompletion } from './commands/completion.js';
import { registerCompletionValues } from './commands/completion-values.js';
import { registerConfig } from './commands/config.js';
import { registerDaemon } from './commands/daemon/index.js';
import { withExamples } from './commands/common/verb.js';
import { registerDeliveryServices } from './commands/ds/index.js';
import { registerFederations } from './commands/federations.js';
import { registerJobs } from './commands/jobs.js';
import { registerKeys } from './commands/keys/index.js';
import { registerLog } from './commands/log.js';
import { registerMonitor } from './commands/monitor.js';
import { registerOrigins } from './commands/origins.js';
import { registerResetPassword } from './commands/password.js';
import { registerProfiles } from './commands/profiles.js';
import { registerParams } from './commands/params.js';
import { registerPurge } from './commands/purge.js';
import { registerRoles } from './commands/roles.js';
import { registerDsRequests } from './commands/ds-requests.js';
import { registerServers } from './commands/servers/index.js';
import { registerTenants } from './commands/tenants.js';
import { registerUsers } from './commands/users.js';
import { registerUi } from './commands/ui.js';
import { registerLocations, registerStatuses, registerTypes } from './commands/places/index.js';
import { API_VERSIONS } from '../shared/client/types.js';
import { OUTPUT_FORMATS } from './output/format.js';

/** The one registry of nouns and global flags. */
export function buildProgram(): Command {
  const program = new Command('cdnctl')
    .description('Control a CDN: a Traffic Ops 1.x compatible API daemon and its command line')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions(false)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    // Global flags: commander accepts them before or after the subcommand.
    .option('--server <url>', 'server URL (else CDNCTL_SERVER, the context, or the local daemon)')
    .option('--context <name>', 'use a named context (cdnctl config set-context)')
    .addOption(
      new Option(
        '--api-version <version>',
        'API version to speak: 1.1 to 1.5, where 1.4 and 1.5 are spoken as 1.3 (default: what the command needs)',
      ).choices(API_VERSIONS),
    )
    .addOption(
      new Option('-o, --output <format>', 'output format (default: table, or the output setting)').choices(
        OUTPUT_FORMATS,
      ),
    )
    .option('--no-color', 'no ANSI colors (also with NO_COLOR, or when output is not a terminal)')
    .addHelpText(
      'after',
      "\nExamples:\n  cdnctl daemon start --demo && cdnctl login\n  cdnctl origins list\n  cdnctl purge --ds acme-news-images --regex '/images/.*' --ttl 24\n",
    );
  registerAuth(program);
  registerPurge(program);
  registerResetPassword(program);
  registerUsers(program);
  registerJobs(program);
  registerOrigins(program);
  registerFederations(program);
  registerProfiles(program);
  registerParams(program);
  registerDeliveryServices(program);
  registerTenants(program);
  registerRoles(program);
  registerCdns(program);
  registerServers(program);
  registerCachegroups(program);
  registerKeys(program);
  registerLog(program);
  registerConfig(program);
  registerLocations(program);
  registerTypes(program);
  registerStatuses(program);
  withExamples(registerDaemon(program), ['cdnctl daemon start --demo', 'cdnctl daemon status']);
  registerCompletion(program);
  registerApi(program);
  registerUi(program);
  registerAgent(program);
  registerDsRequests(program); // issue 31: delivery-service requests
  registerMonitor(program); // issue 35: the health monitor
  registerCompletionValues(program);
  return program;
}
