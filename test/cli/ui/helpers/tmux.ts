// A real pseudo-terminal for the built cdnctl: a private tmux server (its own socket, no user config), keys
// sent as a person types them, and the screen read back with capture-pane.
import { spawnSync } from 'node:child_process';
import { CDNCTL, cliEnv, type CliDirs } from '../../../helpers/cli.js';

export interface Terminal {
  /** Types text literally (no key names). */
  type(text: string): void;
  /** Presses named keys: Enter, Escape, Down, Tab... */
  press(...keys: string[]): void;
  /** What the terminal shows now, without colours. */
  screen(): string;
  /** Polls the screen until `check` matches (a text, a pattern or a test); fails with the screen at the deadline. */
  waitFor(check: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Resizes the terminal. */
  resize(columns: number, rows: number): void;
  close(): void;
}

const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

/**
 * Starts `command` (argv) in a new tmux session of `columns`×`rows` with exactly `env`. When the command ends
 * the pane shows `EXIT=<code>` and stays open, so its last screen can still be read.
 */
export function openTerminal(command: string[], env: NodeJS.ProcessEnv, columns = 120, rows = 40): Terminal {
  const socket = `cdnctl-ui-${process.pid}-${Date.now()}`;
  const tmux = (...args: string[]) => {
    const result = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
    return result.stdout;
  };
  const shell = `${command.map(quote).join(' ')}; echo "EXIT=$?"; exec cat`;
  tmux('new-session', '-d', '-s', 'ui', '-x', String(columns), '-y', String(rows), 'sh', '-c', shell);
  const terminal: Terminal = {
    type: (text) => void tmux('send-keys', '-t', 'ui', '-l', text),
    press: (...keys) => {
      // One key per send-keys, as a keyboard sends them: several in one write reach the app as one input.
      for (const key of keys) tmux('send-keys', '-t', 'ui', key);
    },
    screen: () => tmux('capture-pane', '-p', '-t', 'ui'),
    async waitFor(check, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const screen = terminal.screen();
        const seen =
          typeof check === 'string'
            ? screen.includes(check)
            : check instanceof RegExp
              ? check.test(screen)
              : check(screen);
        if (seen) return screen;
        if (Date.now() > deadline) throw new Error(`the terminal never showed ${String(check)}; it shows:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    resize: (c, r) => void tmux('resize-window', '-t', 'ui', '-x', String(c), '-y', String(r)),
    close: () => {
      spawnSync('tmux', ['-L', socket, 'kill-server'], { env });
    },
  };
  return terminal;
}

/**
 * `cdnctl ui` of the CLI dirs `dirs` (a test daemon's, logged in) in a `columns`×`rows` terminal, once it says who
 * is signed in; drawn as outside CI, as a person's terminal is.
 */
export async function openSignedInUi(dirs: CliDirs, columns: number, rows: number): Promise<Terminal> {
  const terminal = openTerminal(
    [process.execPath, CDNCTL, 'ui'],
    cliEnv(dirs, { CI: undefined, TERM: 'xterm-256color' }),
    columns,
    rows,
  );
  await terminal.waitFor('Signed in as');
  return terminal;
}
