/**
 * Checks Perl-compatible regular expressions (what the caches' regex_revalidate plugin compiles) with the
 * JavaScript engine. PCRE constructs JavaScript lacks but can express are rewritten first (\A, \z, \Q...\E,
 * possessive quantifiers, atomic groups, (?P<name>...), inline flags, POSIX classes, a leading `]` in a
 * class); what neither can express is judged by JavaScript's own syntax, which is lenient about unknown escapes:
 * pcre-subset.ts then refuses what the two engines read differently. PCRE forms the checks cannot follow (the
 * x, n, J and U inline flags, collating elements) are refused here as `foreign`.
 */

/**
 * A compiled pattern, or the reason it does not compile; `foreign` when PCRE would compile it but the daemon
 * cannot check it as PCRE runs it (pcre-subset.ts says the same of what JavaScript reads otherwise).
 */
export type PcreResult = { ok: true; regex: RegExp } | { ok: false; reason: string; foreign?: true };

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  blank: ' \\t',
  word: '\\w',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};

/** PCRE escapes JavaScript lacks: start and end of subject, and a stray end of quoting (ignored by PCRE). */
const ANCHOR_ESCAPES: Record<string, string> = {
  A: '^',
  z: '(?![\\s\\S])',
  Z: '(?=\\n?(?![\\s\\S]))',
  E: '',
};

class PcreSyntaxError extends Error {}

/** A PCRE form outside what the daemon can check as the caches run it. */
class PcreForeignError extends Error {}

const escapeLiteral = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** Reads `\Q...\E` starting after `\Q`: answers the escaped literal and the index after `\E` (or the end). */
function quoted(pattern: string, from: number): [string, number] {
  const end = pattern.indexOf('\\E', from);
  const stop = end === -1 ? pattern.length : end;
  return [escapeLiteral(pattern.slice(from, stop)), end === -1 ? stop : end + 2];
}

/** A `[:`, `[.` or `[=` inside a class at `at`: a POSIX class's members, else a literal `[`; and the index after. */
function posixBracket(pattern: string, at: number): [string, number] {
  if (pattern[at + 1] !== ':') {
    throw new PcreForeignError(
      'POSIX collating elements ([. and [= in a class) are not supported; write \\[ for a literal [',
    );
  }
  const m = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(at));
  if (!m) return ['\\[', at + 1];
  const members = POSIX_CLASSES[m[2]];
  if (members === undefined) throw new PcreSyntaxError(`unknown POSIX class name '${m[2]}'`);
  if (m[1] === '^') throw new PcreSyntaxError('negated POSIX classes cannot be checked here; use [^...] instead');
  return [members, at + m[0].length];
}

/** Rewrites one character class starting at `[`; answers the JS class and the index after its `]`. */
function characterClass(pattern: string, start: number): [string, number] {
  let i = start + 1;
  let out = '[';
  if (pattern[i] === '^') {
    out += '^';
    i++;
  }
  // In PCRE a `]` right after `[` or `[^` is a literal member, where JavaScript would close the class.
  if (pattern[i] === ']') {
    out += '\\]';
    i++;
  }
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === ']') return [`${out}]`, i + 1];
    if (c === '\\' && pattern[i + 1] === 'Q') {
      const [text, next] = quoted(pattern, i + 2);
      out += text;
      i = next;
    } else if (c === '\\') {
      out += pattern.slice(i, i + 2);
      i += 2;
    } else if (c === '[' && /[:.=]/.test(pattern[i + 1] ?? '')) {
      const [text, next] = posixBracket(pattern, i);
      out += text;
      i = next;
    } else {
      out += c === '[' ? '\\[' : c;
      i++;
    }
  }
  throw new PcreSyntaxError('missing terminating ] for character class');
}

/** Rewrites a group opening `(?...` at `start`; answers the JS text, the index after it and any inline flags. */
function groupOpening(pattern: string, start: number): [string, number, string] {
  const rest = pattern.slice(start);
  const comment = /^\(\?#[^)]*\)/.exec(rest);
  if (comment) return ['', start + comment[0].length, ''];
  if (rest.startsWith('(?>') || rest.startsWith('(?|')) return ['(?:', start + 3, ''];
  const named = /^\(\?P<([A-Za-z_]\w*)>/.exec(rest);
  if (named) return [`(?<${named[1]}>`, start + named[0].length, ''];
  const backref = /^\(\?P=([A-Za-z_]\w*)\)/.exec(rest);
  if (backref) return [`\\k<${backref[1]}>`, start + backref[0].length, ''];
  const flags = /^\(\?([imsxnJU]*)(?:-([imsxnJU]*))?([:)])/.exec(rest);
  if (flags && /[xnJU]/.test(flags[0])) {
    // x, n, J and U change how PCRE reads the rest (comments, captures, names, greediness): not checkable here.
    throw new PcreForeignError('of the inline flags only i, m and s are supported');
  }
  if (flags && (flags[1] !== '' || flags[2] !== undefined)) {
    // JavaScript (before modifiers) has no scoped flags: turned-on i/m/s apply to the whole check.
    const on = flags[1].replace(/[^ims]/g, '');
    return [flags[3] === ':' ? '(?:' : '', start + flags[0].length, on];
  }
  // Look-arounds, named groups and (?:...) mean the same in JavaScript.
  return ['(?', start + 2, ''];
}

/** Translates a PCRE pattern into a JavaScript pattern and flags. Throws PcreSyntaxError for PCRE-only errors. */
function translate(pattern: string): { source: string; flags: string } {
  let out = '';
  let flags = '';
  let afterQuantifier = false;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const n = pattern[i + 1];
      if (n === undefined) throw new PcreSyntaxError('\\ at end of pattern');
      if (n === 'Q') {
        const [text, next] = quoted(pattern, i + 2);
        out += text;
        i = next;
      } else {
        out += ANCHOR_ESCAPES[n] ?? `\\${n}`;
        i += 2;
      }
      afterQuantifier = false;
    } else if (c === '[') {
      const [text, next] = characterClass(pattern, i);
      out += text;
      i = next;
      afterQuantifier = false;
    } else if (c === '(' && pattern[i + 1] === '?') {
      const [text, next, on] = groupOpening(pattern, i);
      out += text;
      flags += on;
      i = next;
      afterQuantifier = false;
    } else if (c === '*' || c === '+' || c === '?') {
      // `x*+` is possessive in PCRE (drop the `+`: same matches for a validity and coverage check), `x*?` lazy.
      if (!(afterQuantifier && c === '+')) out += c;
      afterQuantifier = !afterQuantifier;
      i++;
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) {
      const bound = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i))![0];
      out += bound;
      i += bound.length;
      afterQuantifier = true;
    } else {
      out += c;
      i++;
      afterQuantifier = false;
    }
  }
  return { source: out, flags: [...new Set(flags)].join('') };
}

/** Compiles a PCRE pattern as far as JavaScript can check it; the reason is lower-case, without the pattern. */
export function compilePcre(pattern: string): PcreResult {
  try {
    const { source, flags } = translate(pattern);
    return { ok: true, regex: new RegExp(source, flags) };
  } catch (err) {
    if (err instanceof PcreSyntaxError) return { ok: false, reason: err.message };
    if (err instanceof PcreForeignError) return { ok: false, reason: err.message, foreign: true };
    if (err instanceof SyntaxError) {
      const message = err.message;
      const reason = message.slice(message.lastIndexOf(': ') + 2) || message;
      return { ok: false, reason: reason.charAt(0).toLowerCase() + reason.slice(1) };
    }
    throw err;
  }
}
