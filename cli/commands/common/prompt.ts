import { CliError, EXIT } from '../../errors.js';

/** True when a person can answer: stdin and stderr (where prompts go) are terminals. */
export function interactive(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}

/** The usage error for a value that is missing where no one can be asked (never a hang). */
export function missing(what: string, how: string): CliError {
  return new CliError(`${what} is required: ${how} (no terminal to ask on)`, EXIT.USAGE);
}

const cancelled = () => new CliError('cancelled', 130);

/**
 * Reads one line from the terminal in raw mode, echoing `*` per character when `masked`, or the text itself.
 * Enter ends it; Ctrl-C cancels; Backspace edits.
 */
function readLine(question: string, masked: boolean): Promise<string> {
  const stdin = process.stdin;
  const echo = (text: string) => process.stderr.write(text);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      echo('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return finish(cancelled());
        if (ch === '\u007f' || ch === '\b') {
          if (value) {
            value = value.slice(0, -1);
            echo('\b \b');
          }
          continue;
        }
        if (ch < ' ') continue;
        value += ch;
        echo(masked ? '*' : ch);
      }
    };
    // Raw mode before the question shows: what is typed after it is never echoed by the terminal.
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
    echo(question);
  });
}

/** Asks for a value on the terminal. */
export function ask(question: string): Promise<string> {
  return readLine(question, false);
}

/** Asks for a secret on the terminal; each character shows as `*`. */
export function askHidden(question: string): Promise<string> {
  return readLine(question, true);
}

/** Asks a yes/no question; only `y` or `yes` is yes. */
export async function confirm(question: string): Promise<boolean> {
  return /^y(es)?$/i.test((await ask(`${question} [y/N] `)).trim());
}

/** All of stdin, without the final line break (for --password-stdin). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
