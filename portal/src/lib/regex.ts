// The live check of the purge form's regex, with the daemon's own pure PCRE compiler and match-everything probe,
// so that the form and the API agree on what is valid; the API still has the last word.
import { matchesEverything } from '../../../daemon/jobs/match-everything.js';
import { compilePcre } from '../../../daemon/jobs/pcre.js';

export type RegexCheck =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'valid'; matchesEverything: boolean };

/** As long as a regex may be (the API's limit). */
export const MAX_REGEX_LENGTH = 2048;

export function checkPurgeRegex(text: string): RegexCheck {
  if (text === '') return { state: 'empty' };
  if (!text.startsWith('/')) return { state: 'invalid', message: "The regex must start with '/' (a path)." };
  if (text.length > MAX_REGEX_LENGTH) return { state: 'invalid', message: `At most ${MAX_REGEX_LENGTH} characters.` };
  // A line of regex_revalidate.config is `<regex> <expiry>`: a space would split it.
  if (/[\s\x00-\x1f\x7f]/.test(text)) return { state: 'invalid', message: 'No spaces or control characters (write \\s for a space).' };
  const compiled = compilePcre(text);
  if (!compiled.ok) return { state: 'invalid', message: `Not a valid regular expression: ${compiled.reason}.` };
  return { state: 'valid', matchesEverything: matchesEverything(compiled.regex) };
}
