import { InvalidArgumentError } from 'commander';

/** Commander parser for a positive integer (an id, a port, hours). */
export function positiveInt(text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new InvalidArgumentError('expected a whole number of at least 1.');
  }
  return Number(text);
}

/** Commander parser for a TCP port. */
export function port(text: string): number {
  const n = positiveInt(text);
  if (n > 65535) throw new InvalidArgumentError('expected a port from 1 to 65535.');
  return n;
}

/** Commander collector for a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The integer a text names, or null when it is a name rather than an id. */
export function asId(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text) : null;
}
