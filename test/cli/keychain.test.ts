import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDNCTL, cliEnv } from '../helpers/cli.js';
import { PASSWORDS, useCliDaemon } from '../helpers/cli-daemon.js';

const TOOLS = ['dbus-run-session', 'gnome-keyring-daemon', 'secret-tool'];
const missingTools = TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

const { daemon } = useCliDaemon();

/** Runs a shell script inside a private D-Bus session with an unlocked gnome-keyring (a real Secret Service). */
function inSecretService(
  script: string,
  env: NodeJS.ProcessEnv,
  // --unlock makes the default "login" keyring; --start alone leaves the Secret Service with no default collection.
  setup = 'printf keyring-pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null\n',
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('dbus-run-session', ['--', 'sh', '-c', setup + script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the Secret Service session did not finish:\n${out}`));
    }, 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('sessions in the OS keychain (a real Secret Service over D-Bus)', () => {
  it('login keeps the cookie in the keychain, not in a file; commands use it; logout removes it', async () => {
    if (missingTools.length > 0) {
      throw new Error(
        `this test needs ${missingTools.join(', ')}: run \`sudo bash scripts/ensure-system-packages.sh\` ` +
          '(Debian packages gnome-keyring dbus dbus-x11 libsecret-tools); npm test runs it as pretest',
      );
    }
    const home = join(daemon.root, 'keyring-home');
    mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
    const env = cliEnv(daemon, {
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: join(home, 'run'),
      PW: PASSWORDS.admin,
      CDNCTL_BIN: CDNCTL,
      NODE: process.execPath,
    });
    const script = `
printf %s "$PW" | "$NODE" "$CDNCTL_BIN" login --username admin --password-stdin; echo "login-exit=$?"
"$NODE" "$CDNCTL_BIN" auth status -o json; echo "status-exit=$?"
"$NODE" "$CDNCTL_BIN" tenants list -o json >/dev/null; echo "list-exit=$?"
echo "--- keychain after login"
secret-tool search --all service cdnctl 2>&1
"$NODE" "$CDNCTL_BIN" logout; echo "logout-exit=$?"
echo "--- keychain after logout"
secret-tool search --all service cdnctl 2>&1
echo "--- end"
`;
    const { code, out } = await inSecretService(script, env);
    expect(code, out).toBe(0);
    expect(out).toContain('login-exit=0');
    expect(out).not.toContain('no OS keychain available');
    expect(out).toContain('session kept in the OS keychain');
    expect(out).toMatch(/"store": "keychain"[\s\S]*"valid": true[\s\S]*status-exit=0/);
    expect(out).toContain('list-exit=0');
    const afterLogin = out.slice(out.indexOf('--- keychain after login'), out.indexOf('logout-exit'));
    expect(afterLogin).toMatch(/secret = mojolicious=\S{20,}/);
    expect(afterLogin).toContain(`attribute.username = admin@${daemon.url}`);
    expect(afterLogin).toContain('attribute.service = cdnctl');
    expect(existsSync(join(daemon.configDir, 'sessions.json'))).toBe(false);
    expect(out).toContain('logout-exit=0');
    const afterLogout = out.slice(out.indexOf('--- keychain after logout'), out.indexOf('--- end'));
    expect(afterLogout).not.toContain('mojolicious=');
  });

  it('a Secret Service with no default keyring: the warning says what is missing, and the session goes to the 0600 file', async () => {
    const home = join(daemon.root, 'keyring-home-empty');
    mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
    const env = cliEnv(daemon, {
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: join(home, 'run'),
      PW: PASSWORDS.admin,
      CDNCTL_BIN: CDNCTL,
      NODE: process.execPath,
    });
    const script = `printf %s "$PW" | "$NODE" "$CDNCTL_BIN" login --username admin --password-stdin; echo "login-exit=$?"\n`;
    const start = 'gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1\n';
    const { out } = await inSecretService(script, env, start);
    expect(out).toContain('login-exit=0');
    expect(out).not.toContain('no result found');
    expect(out).toContain(
      'warning: no OS keychain available (the Secret Service has no default keyring (collection "login"; create or unlock one, e.g. in Seahorse)); the session is kept in a file only you can read',
    );
    expect(out).toContain(`session kept in ${join(daemon.configDir, 'sessions.json')}`);
  });
});
