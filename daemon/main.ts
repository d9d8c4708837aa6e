#!/usr/bin/env node
// The daemon process started in the background by `cdnctl daemon start`: options arrive as JSON in argv[2].
import { loadDemo } from './snapshot/demo.js';
import { serve, type ServeOptions } from './server.js';

const { demo, ...options } = JSON.parse(process.argv[2] ?? '{}') as ServeOptions & { demo?: boolean };
process.umask(0o077);
serve({
  ...options,
  adminPassword: process.env.CDNCTL_ADMIN_PASSWORD,
  smtpUrl: process.env.CDNCTL_SMTP_URL,
  beforeListen: demo ? loadDemo : undefined,
})
  .then((daemon) => {
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
