import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardChild } from '../../helpers/server-guard.js';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const GOLDEN_SNAPSHOT = fileURLToPath(new URL('../../fixtures/golden/setup.snapshot.json', import.meta.url));
export const ADMIN_PASSWORD = 'Adm1nPassw0rd!';
const CLI = join(REPO, 'bin', 'cdnctl');

export interface E2eDaemon {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Polls `check` until it answers a value, or fails with `what` after `ms`. */
export async function waitFor<T>(what: string, check: () => T | null | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real daemon from the built CLI: the golden snapshot (or `snapshot`) imported into a fresh data dir with
 * `cdnctl daemon import`, then `cdnctl daemon start --foreground` on a free loopback port. Mail goes to the data
 * dir's outbox. With `snapshot` null nothing is imported: the empty daemon a new install starts (its seed only).
 */
export async function startDaemon(snapshot: string | null = GOLDEN_SNAPSHOT): Promise<E2eDaemon> {
  if (!existsSync(join(REPO, 'dist', 'portal', 'index.html')))
    throw new Error('dist/portal is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'cdnctl-e2e-'));
  // The CLI records the started data dir in its config dir: a temp one, never the user's.
  const env = {
    ...process.env,
    CDNCTL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    CDNCTL_SMTP_URL: '',
    CDNCTL_CONFIG_DIR: join(dataDir, 'cli-config'),
  };
  if (snapshot !== null) {
    const imported = spawnSync(process.execPath, [CLI, 'daemon', 'import', snapshot, '--data-dir', dataDir], {
      env,
      encoding: 'utf8',
    });
    if (imported.status !== 0) throw new Error(`daemon import failed: ${imported.stderr || imported.stdout}`);
  }

  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, 'daemon', 'start', '--foreground', '--data-dir', dataDir, '--listen', '127.0.0.1:0'],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  guardChild(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const daemonJson = join(dataDir, 'daemon.json');
  const url = await waitFor('the daemon to listen', () => {
    if (child.exitCode !== null) throw new Error(`daemon exited: ${output}`);
    if (!existsSync(daemonJson)) return null;
    try {
      return (JSON.parse(readFileSync(daemonJson, 'utf8')) as { url: string }).url;
    } catch {
      return null;
    }
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Undoes quoted-printable soft breaks and escapes, as a mail client would before showing a link. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token link of the newest mail to `to` in the daemon's outbox, or null when none is there (yet). */
function newestTokenLink(dataDir: string, to: string): string | null {
  const outbox = join(dataDir, 'outbox');
  const mails = existsSync(outbox)
    ? readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  for (const file of mails.reverse()) {
    const mail = decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8'));
    if (!mail.includes(`To: ${to}`)) continue;
    const link = /https?:\/\/\S+\/#!\/user\?token=\S+/.exec(mail)?.[0];
    if (link) return link;
  }
  return null;
}

/**
 * The token link of the newest mail to `to` in the daemon's outbox, waiting up to five seconds for it: reset
 * mails leave from a queue a moment after reset_password is answered (BEHAVIOR.md "Hardening and the change log").
 */
export async function tokenLinkFromOutbox(dataDir: string, to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const link = newestTokenLink(dataDir, to);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail with a token link to ${to} in ${join(dataDir, 'outbox')}`);
}
