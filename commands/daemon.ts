import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../src/cli/errors.js';
import { defaultDataDir } from '../src/paths.js';
import { pingDaemon, readDaemonInfo, startBackground, stopDaemon } from './daemon-process.js';

interface StartFlags {
  dataDir?: string;
  listen?: string;
  foreground?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  demo?: boolean;
}

const dataDirOf = (flags: { dataDir?: string }) => resolve(flags.dataDir ?? defaultDataDir());

async function start(flags: StartFlags): Promise<void> {
  const dataDir = dataDirOf(flags);
  // The data dir's lock says whether a daemon runs on it; a stale daemon.json (even one naming a live process
  // that is not ours) does not.
  const { dataDirLocked, lockOwner } = await import('../daemon/data-dir-lock.js');
  if (dataDirLocked(dataDir)) {
    throw new CliError(`a daemon is already running for ${dataDir}${lockOwner(dataDir)}`, EXIT.ERROR, 'stop it with: cdnctl daemon stop');
  }
  const options = {
    listen: flags.listen,
    tlsCert: flags.tlsCert && resolve(flags.tlsCert),
    tlsKey: flags.tlsKey && resolve(flags.tlsKey),
    demo: flags.demo ?? false,
  };
  if (flags.foreground) {
    const { runForeground } = await import('./daemon-foreground.js');
    await runForeground(dataDir, options);
    return;
  }
  try {
    const { info, printed } = await startBackground(dataDir, options);
    for (const line of printed) process.stdout.write(`${line}\n`);
    process.stdout.write(`cdnctl daemon running at ${info.url} (pid ${info.pid}, data in ${dataDir})\n`);
  } catch (err) {
    throw new CliError(`daemon did not start: ${(err as Error).message}`);
  }
}

/** `cdnctl daemon start|stop|status|import|export`. */
export function registerDaemon(program: Command): Command {
  const daemon = program.command('daemon').description('Run and inspect the local cdnctl daemon');
  daemon
    .command('start')
    .description('Start the daemon (in the background unless --foreground)')
    .option('--data-dir <dir>', 'data directory (default: CDNCTL_DATA_DIR or the platform data dir)')
    .option('--listen <host:port>', 'address to listen on; port 0 picks a free one', undefined)
    .option('--foreground', 'stay attached and log to stdout')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'the private key of --tls-cert (PEM)')
    .option('--demo', 'load the bundled demo CDN into a new data dir')
    .addHelpText('after', '\nExamples:\n  cdnctl daemon start --demo\n  cdnctl daemon start --data-dir ./data --listen 127.0.0.1:0\n')
    .action(start);
  daemon
    .command('stop')
    .description('Stop the daemon of a data dir (SIGTERM; in-flight requests finish)')
    .option('--data-dir <dir>', 'data directory')
    .addHelpText('after', '\nExample:\n  cdnctl daemon stop\n')
    .action(async (flags: { dataDir?: string }) => {
      const dataDir = dataDirOf(flags);
      const stopped = await stopDaemon(dataDir);
      process.stdout.write(stopped ? 'cdnctl daemon stopped\n' : `no daemon is running for ${dataDir}\n`);
    });
  daemon
    .command('status')
    .description('Say whether the daemon of a data dir is running and answering (exit 3 when not)')
    .option('--data-dir <dir>', 'data directory')
    .addHelpText('after', '\nExample:\n  cdnctl daemon status\n')
    .action(async (flags: { dataDir?: string }) => {
      const dataDir = dataDirOf(flags);
      const { dataDirLocked } = await import('../daemon/data-dir-lock.js');
      const info = dataDirLocked(dataDir) ? readDaemonInfo(dataDir) : null;
      if (!info) {
        throw new CliError(`no daemon is running for ${dataDir}`, EXIT.UNREACHABLE, 'start one with: cdnctl daemon start');
      }
      if (!(await pingDaemon(info.url))) {
        throw new CliError(`daemon pid ${info.pid} does not answer at ${info.url}`, EXIT.UNREACHABLE);
      }
      process.stdout.write(`running at ${info.url} (pid ${info.pid}, since ${info.startedAt}, data in ${dataDir})\n`);
    });
  daemon
    .command('import')
    .description('Load a snapshot file (CDNs, tenants, delivery services, users...) into the database; all or nothing')
    .argument('<file>', 'snapshot JSON file')
    .option('--data-dir <dir>', 'data directory')
    .addHelpText('after', '\nExample:\n  cdnctl daemon import cdn.snapshot.json\n')
    .action(async (file: string, flags: { dataDir?: string }) => {
      const { importCommand } = await import('./daemon-snapshot.js');
      await importCommand(file, dataDirOf(flags));
    });
  daemon
    .command('export')
    .description('Write the database as a snapshot file (stdout without FILE)')
    .argument('[file]', 'where to write the snapshot')
    .option('--data-dir <dir>', 'data directory')
    .option('--with-hashes', 'include password hashes (the file is then readable by its owner only)')
    .addHelpText('after', '\nExamples:\n  cdnctl daemon export > cdn.snapshot.json\n  cdnctl daemon export backup.json --with-hashes\n')
    .action(async (file: string | undefined, flags: { dataDir?: string; withHashes?: boolean }) => {
      const { exportCommand } = await import('./daemon-snapshot.js');
      await exportCommand(file, dataDirOf(flags), flags.withHashes ?? false);
    });
  return daemon;
}
