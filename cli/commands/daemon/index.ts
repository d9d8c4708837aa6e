import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors.js';
import { readConfig, updateConfig } from '../../auth/config.js';
import { localDataDir, noDaemonHint } from '../../auth/target.js';
import { defaultConfigDir } from '../../../shared/paths.js';
import { StartFailed, lockHolder, pingDaemon, readDaemonInfo, startBackground, stopDaemon } from './process.js';

interface StartFlags {
  dataDir?: string;
  listen?: string;
  foreground?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  demo?: boolean;
  database?: string;
}

const DATABASE_HELP =
  'PostgreSQL database postgres://USER:PASS@HOST:PORT/DB instead of the data dir\'s SQLite file (default: CDNCTL_DATABASE_URL, else config.json "database")';

/** `--data-dir`, else CDNCTL_DATA_DIR, else the data dir of the last `daemon start`, else the platform's. */
const dataDirOf = (flags: { dataDir?: string }) =>
  flags.dataDir ? resolve(flags.dataDir) : localDataDir(process.env, readConfig(defaultConfigDir()));

/** Records where the daemon runs, so later commands (in any directory, without CDNCTL_DATA_DIR) find it. */
async function recordDataDir(dataDir: string): Promise<void> {
  try {
    await updateConfig(defaultConfigDir(), (data) => {
      data.localDataDir = dataDir;
    });
  } catch (err) {
    // The daemon runs either way; only finding it later needs CDNCTL_DATA_DIR then.
    process.stderr.write(
      `warning: could not record the data dir in ${defaultConfigDir()}: ${(err as Error).message}\n`,
    );
  }
}

async function start(flags: StartFlags): Promise<void> {
  const dataDir = dataDirOf(flags);
  // The data dir's lock says whether a daemon runs on it; a stale daemon.json (even one naming a live process
  // that is not ours) does not.
  const holder = await lockHolder(dataDir);
  if (holder !== null) {
    throw new CliError(
      `a daemon is already running for ${dataDir}${holder}`,
      EXIT.ERROR,
      'stop it with: cdnctl daemon stop',
    );
  }
  const options = {
    listen: flags.listen,
    tlsCert: flags.tlsCert && resolve(flags.tlsCert),
    tlsKey: flags.tlsKey && resolve(flags.tlsKey),
    demo: flags.demo ?? false,
    // Travels to the daemon in its environment, never on its command line (where `ps` would show the password).
    database: flags.database || process.env.CDNCTL_DATABASE_URL || undefined,
  };
  if (flags.foreground) {
    await recordDataDir(dataDir);
    const { runForeground } = await import('./foreground.js');
    await runForeground(dataDir, options);
    return;
  }
  try {
    const { info, printed } = await startBackground(dataDir, options);
    await recordDataDir(dataDir);
    for (const line of printed) process.stdout.write(`${line}\n`);
    process.stdout.write(`cdnctl daemon running at ${info.url} (pid ${info.pid}, data in ${dataDir})\n`);
  } catch (err) {
    // What the daemon said before it failed (the admin password it created) is not lost with the start.
    if (err instanceof StartFailed) for (const line of err.printed) process.stdout.write(`${line}\n`);
    const inUse = /EADDRINUSE\b.*?(\S+):(\d+)\s*$/.exec((err as Error).message);
    if (inUse) {
      throw new CliError(
        `daemon did not start: port ${inUse[2]} on ${inUse[1]} is already in use`,
        EXIT.ERROR,
        `stop what listens there, or pick another address with --listen ${inUse[1]}:PORT (--listen ${inUse[1]}:0 picks a free port)`,
      );
    }
    throw new CliError(`daemon did not start: ${(err as Error).message}`);
  }
}

/** `cdnctl daemon start|stop|status|import|export`. */
export function registerDaemon(program: Command): Command {
  const daemon = program.command('daemon').description('Run and inspect the local cdnctl daemon');
  daemon
    .command('start')
    .description('Start the daemon (in the background unless --foreground)')
    .option(
      '--data-dir <dir>',
      'data directory (default: CDNCTL_DATA_DIR, else the last started, else the platform data dir); recorded for later commands',
    )
    .option('--listen <host:port>', 'address to listen on; port 0 picks a free one', undefined)
    .option('--foreground', 'stay attached and log to stdout')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'the private key of --tls-cert (PEM)')
    .option('--demo', 'load the bundled demo CDN into a new data dir')
    .option('--database <url>', DATABASE_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  cdnctl daemon start --demo\n  cdnctl daemon start --data-dir ./data --listen 127.0.0.1:0\n',
    )
    .action(start);
  daemon
    .command('stop')
    .description('Stop the daemon of a data dir (SIGTERM; in-flight requests finish)')
    .option('--data-dir <dir>', 'data directory')
    .addHelpText('after', '\nExample:\n  cdnctl daemon stop\n')
    .action(stop);
  daemon
    .command('status')
    .description('Say whether the daemon of a data dir is running and answering (exit 3 when not)')
    .option('--data-dir <dir>', 'data directory')
    .addHelpText('after', '\nExample:\n  cdnctl daemon status\n')
    .action(status);
  registerSnapshotCommands(daemon);
  registerVault(daemon);
  return daemon;
}

async function stop(flags: { dataDir?: string }): Promise<void> {
  const dataDir = dataDirOf(flags);
  const stopped = await stopDaemon(dataDir);
  process.stdout.write(stopped ? 'cdnctl daemon stopped\n' : `no daemon is running for ${dataDir}\n`);
  if (stopped) await forgetDataDir(dataDir);
}

/**
 * After its daemon stops, the data dir `daemon start` recorded is no longer where plain commands look (issue 33
 * item 8): they go back to CDNCTL_DATA_DIR or the default, and the note says so.
 */
async function forgetDataDir(dataDir: string): Promise<void> {
  let forgot = false;
  try {
    await updateConfig(defaultConfigDir(), (data) => {
      if (data.localDataDir && resolve(data.localDataDir) === dataDir) {
        delete data.localDataDir;
        forgot = true;
      }
    });
  } catch {
    return;
  }
  if (forgot) {
    const now = localDataDir(process.env, readConfig(defaultConfigDir()));
    process.stderr.write(`commands without --data-dir use ${now} again (not ${dataDir})\n`);
  }
}

async function status(flags: { dataDir?: string }): Promise<void> {
  const dataDir = dataDirOf(flags);
  const info = (await lockHolder(dataDir)) !== null ? readDaemonInfo(dataDir) : null;
  if (!info) {
    throw new CliError(`no daemon is running for ${dataDir}`, EXIT.UNREACHABLE, noDaemonHint(dataDir));
  }
  if (!(await pingDaemon(info.url))) {
    throw new CliError(`daemon pid ${info.pid} does not answer at ${info.url}`, EXIT.UNREACHABLE);
  }
  const store = info.store ? `, store ${info.store}` : '';
  process.stdout.write(
    `running at ${info.url} (pid ${info.pid}, since ${info.startedAt}, data in ${dataDir}${store})\n`,
  );
}

/** `cdnctl daemon import|export`. */
function registerSnapshotCommands(daemon: Command): void {
  daemon
    .command('import')
    .description('Load a snapshot file (CDNs, tenants, delivery services, users...) into the database; all or nothing')
    .argument('<file>', 'snapshot JSON file, or - for standard input')
    .option('--data-dir <dir>', 'data directory')
    .option('--database <url>', DATABASE_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  cdnctl daemon import cdn.snapshot.json\n  cdnctl daemon export --with-hashes | cdnctl daemon import --database postgres://cdnctl:PASS@db:5432/cdnctl -\n',
    )
    .action(async (file: string, flags: { dataDir?: string; database?: string }) => {
      const { importCommand } = await import('./snapshot.js');
      await importCommand(file, dataDirOf(flags), flags.database);
    });
  daemon
    .command('export')
    .description('Write the database as a snapshot file (stdout without FILE)')
    .argument('[file]', 'where to write the snapshot')
    .option('--data-dir <dir>', 'data directory')
    .option('--with-hashes', 'include password hashes (the file is then readable by its owner only)')
    .option(
      '--with-secrets',
      "include the key store's keys and certificates, opened (needs FILE; readable by its owner only)",
    )
    .option('--database <url>', DATABASE_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  cdnctl daemon export > cdn.snapshot.json\n  cdnctl daemon export backup.json --with-hashes --with-secrets\n',
    )
    .action(
      async (
        file: string | undefined,
        flags: { dataDir?: string; withHashes?: boolean; withSecrets?: boolean; database?: string },
      ) => {
        const { exportCommand } = await import('./snapshot.js');
        await exportCommand(
          file,
          dataDirOf(flags),
          flags.withHashes ?? false,
          flags.withSecrets ?? false,
          flags.database,
        );
      },
    );
}

/** `cdnctl daemon vault rotate-key`. */
function registerVault(daemon: Command): void {
  const vault = daemon.command('vault').description('The key store (vault.db): URL-signing, URI-signing and TLS keys');
  vault.addHelpText('after', '\nExample:\n  cdnctl daemon vault rotate-key --data-dir ./data\n');
  vault
    .command('rotate-key')
    .description('Reseal every secret under a new master key, in one transaction (the daemon must be stopped)')
    .option('--data-dir <dir>', 'data directory')
    .option(
      '--new-key-file <file>',
      'where the new key goes (default: the current key file; required with CDNCTL_VAULT_KEY)',
    )
    .addHelpText('after', '\nExample:\n  cdnctl daemon stop && cdnctl daemon vault rotate-key && cdnctl daemon start\n')
    .action(async (flags: { dataDir?: string; newKeyFile?: string }) => {
      const { rotateKeyCommand } = await import('./vault.js');
      await rotateKeyCommand(dataDirOf(flags), flags.newKeyFile);
    });
}
