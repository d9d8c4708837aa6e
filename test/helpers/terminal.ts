import { spawn } from 'node:child_process';
import { CDNCTL, cliEnv, type CliDirs } from './cli.js';

export interface TerminalStep {
  /** Wait until the output since the previous step matches... */
  expect: RegExp;
  /** ...then type this (`\r` is Enter). */
  send: string;
}

const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

/**
 * Runs the built cdnctl on a real pseudo-terminal (util-linux `script`), typing each step's text once its prompt
 * has appeared. Answers the exit code and everything the terminal showed.
 */
export function runInTerminal(
  dirs: CliDirs,
  args: string[],
  steps: TerminalStep[] = [],
  env: Record<string, string | undefined> = {},
  options: { stdoutFile?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  // A terminal of a real size (script's starts at 0x0), and stdout optionally sent to a file instead.
  const redirect = options.stdoutFile ? ` > ${quote(options.stdoutFile)}` : '';
  const command = `stty cols 100 rows 30; exec ${[process.execPath, CDNCTL, ...args].map(quote).join(' ')}${redirect}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: cliEnv(dirs, { TERM: 'xterm-256color', ...env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let from = 0;
    let step = 0;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      while (step < steps.length && steps[step].expect.test(output.slice(from))) {
        from = output.length;
        child.stdin.write(steps[step].send);
        step += 1;
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`cdnctl ${args.join(' ')} on a terminal did not finish in ${timeoutMs} ms; it showed:\n${output}`),
      );
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.end();
      resolve({ code, output });
    });
  });
}
