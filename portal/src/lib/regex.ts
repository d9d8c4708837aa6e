// The live check of the purge form's regex. The API has the last word (it compiles Perl-compatible syntax);
// this mirrors its rules closely enough to catch typos while typing.

export type RegexCheck =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'valid'; matchesEverything: boolean };

/** Paths of every kind a site serves; a pattern matching all of them revalidates everything. */
const PROBE_PATHS = ['/a', '/Z', '/0', '/index.html', '/x/y.z', '/deep/path/file.mp4?q=1', '/-_~%20'];

export function checkPurgeRegex(text: string): RegexCheck {
  if (text === '') return { state: 'empty' };
  if (!text.startsWith('/')) return { state: 'invalid', message: "The regex must start with '/' (a path)." };
  let compiled: RegExp;
  try {
    compiled = new RegExp(text);
  } catch (error) {
    return { state: 'invalid', message: `Not a valid regular expression: ${(error as Error).message}` };
  }
  return { state: 'valid', matchesEverything: PROBE_PATHS.every((path) => compiled.test(path)) };
}
