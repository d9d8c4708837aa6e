import { loadDemo, prepareDaemonProcess, serve } from '../../../daemon/entry.js';

/** Runs the daemon in this process until SIGTERM or SIGINT. */
export async function runForeground(
  dataDir: string,
  options: { listen?: string; tlsCert?: string; tlsKey?: string; demo?: boolean; database?: string },
): Promise<void> {
  process.umask(0o077);
  const { logLevel } = await prepareDaemonProcess(process.env);
  const daemon = await serve({
    logLevel,
    dataDir,
    listen: options.listen,
    tlsCert: options.tlsCert,
    tlsKey: options.tlsKey,
    database: options.database,
    adminPassword: process.env.CDNCTL_ADMIN_PASSWORD,
    smtpUrl: process.env.CDNCTL_SMTP_URL,
    vaultKey: process.env.CDNCTL_VAULT_KEY,
    beforeListen: options.demo ? loadDemo : undefined,
    // stdout carries the JSON log, one object a line; what is said to the person at the terminal (the generated
    // admin password, the demo users' passwords) goes to stderr, never into that stream.
    say: (line) => void process.stderr.write(`${line}\n`),
  });
  process.stderr.write(`cdnctl daemon listening at ${daemon.url} (data in ${dataDir}); Ctrl-C stops it\n`);
  await new Promise<void>((resolve) => {
    const stop = () => void daemon.close().then(resolve, resolve);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
