/** Where color may be used: whether the stream is a terminal and what the user asked for. */
export interface ColorContext {
  /** False when `--no-color` was given. */
  colorFlag: boolean;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
}

/** False when NO_COLOR is set (any non-empty value), `--no-color` was given, TERM=dumb, or the stream is no TTY. */
export function colorAllowed(ctx: ColorContext): boolean {
  if (!ctx.colorFlag) return false;
  if (ctx.env.NO_COLOR !== undefined && ctx.env.NO_COLOR !== '') return false;
  if (ctx.env.TERM === 'dumb') return false;
  return ctx.isTTY;
}

/** The few styles cdnctl uses; each is the identity when color is off. */
export interface Paint {
  bold(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  dim(text: string): string;
}

const plain: Paint = { bold: (t) => t, green: (t) => t, yellow: (t) => t, red: (t) => t, dim: (t) => t };

/** Styles for a stream: chalk (loaded only when color is on) at the terminal's level, or plain text (level 0). */
export async function paintFor(allowed: boolean): Promise<Paint> {
  if (!allowed) return plain;
  const { Chalk, supportsColor } = await import('chalk');
  const level = supportsColor ? supportsColor.level : 1;
  const chalk = new Chalk({ level: level === 0 ? 1 : level });
  return { bold: chalk.bold, green: chalk.green, yellow: chalk.yellow, red: chalk.red, dim: chalk.dim };
}

export const plainPaint = plain;
