#!/usr/bin/env node
// The daemon process started in the background by `cdnctl daemon start`: options arrive as JSON in argv[2].
import { closeSync, writeSync } from 'node:fs';
import { prepareDaemonProcess } from './runtime.js';
import { loadDemo } from './services/snapshot/demo.js';
import { serve, type ServeOptions } from './server.js';

/**
 * `sayFd`: a pipe to the `cdnctl daemon start` that launched us. The lines said at start (the generated admin
 * password, the demo users' passwords) go there, to the user's terminal, and never into daemon.log.
 */
const { demo, sayFd, ...options } = JSON.parse(process.argv[2] ?? '{}') as ServeOptions & {
  demo?: boolean;
  sayFd?: number;
};
process.umask(0o077);
const say = typeof sayFd === 'number' ? (line: string) => void writeSync(sayFd, `${line}\n`) : undefined;
const doneSaying = () => {
  if (typeof sayFd === 'number') closeSync(sayFd);
};
let settings: ReturnType<typeof prepareDaemonProcess>;
try {
  settings = prepareDaemonProcess(process.env);
} catch (err) {
  process.stderr.write(`cdnctl daemon: ${(err as Error).message}\n`);
  process.exit(1);
}
serve({
  ...options,
  logLevel: settings.logLevel,
  say,
  adminPassword: process.env.CDNCTL_ADMIN_PASSWORD,
  smtpUrl: process.env.CDNCTL_SMTP_URL,
  vaultKey: process.env.CDNCTL_VAULT_KEY,
  // `daemon start --database` hands the URL over in the environment: never in argv, where `ps` shows it.
  database: process.env.CDNCTL_DATABASE_URL || undefined,
  beforeListen: demo ? loadDemo : undefined,
})
  .then((daemon) => {
    doneSaying();
    const stop = (signal: string) => {
      daemon.app.log.info(`${signal}: closing`);
      daemon.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  })
  .catch((err: Error) => {
    process.stderr.write(`cdnctl daemon: ${err.message}\n`);
    process.exit(1);
  });
