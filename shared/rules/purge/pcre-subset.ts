import { visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { pcreLimitReason } from './pcre-limits.js';
import { parseJsPattern } from './regex-ast.js';

/**
 * The subset of regex syntax that PCRE (the caches' regex_revalidate plugin) and JavaScript (the daemon's
 * checks) read alike. The daemon checks a purge regex with JavaScript's engine after pcre.ts has rewritten
 * PCRE-only forms; where the two engines differ, a pattern could pass the checks here and then fail to compile
 * on every cache, or match (and backtrack) there in ways never checked. So the rule is a whitelist over the
 * pattern's tree (read by @eslint-community/regexpp): anything not listed below is refused, with the reason.
 *
 * - characters: printable ASCII (PCRE on the caches reads bytes; request URLs are percent-encoded), a `{` or
 *   `}` outside a class only escaped (PCRE2 reads `{,5}` as a repetition, JavaScript as text);
 * - escapes: `\d \D \w \W \s \S \b \B \n \r \t \f`, `\xHH`, `\` before punctuation, back-references to groups
 *   that exist; no `\u`, `\p`, `\k` without a group name, `\0`, `\8`, `\c`, `\e`, `\x{...}` and the like;
 * - in a class, a `-` next to `\d`, `\w` or `\s` only escaped (PCRE2 refuses it as a range);
 * - repetition counts up to 65535 (PCRE's limit), never of a lookaround or an anchor;
 * - group names of ASCII letters, digits and `_`, not starting with a digit, at most 32 characters;
 * - lookbehinds whose every top-level alternative has a fixed length (PCRE's rule);
 * - groups nested at most 250 deep and a compiled size within PCRE's 64 KiB (pcre-limits.ts).
 */

const PCRE_MAX_COUNT = 65535;
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
const PLAIN_ESCAPE = /^\\(?:[nrtf]|x[0-9a-fA-F]{2}|[!-/:-@[-`{-~])$/;

const ESCAPES =
  'an escape outside the set both engines read alike (\\d \\D \\w \\W \\s \\S \\b \\B \\n \\r \\t \\f \\xHH, ' +
  'back-references, and \\ before punctuation)';

export const NOT_PCRE_PREFIX = "regex: is not compatible with PCRE (the caches' regex engine): ";

function characterReason(node: AST.Character): string | null {
  const raw = node.raw;
  if (raw.startsWith('\\')) {
    if (PLAIN_ESCAPE.test(raw)) return null;
    if (raw.startsWith('\\u')) return '\\u escapes are JavaScript-only; write the character or \\xHH';
    return ESCAPES;
  }
  if (
    (raw === '{' || raw === '}') &&
    node.parent.type !== 'CharacterClass' &&
    node.parent.type !== 'CharacterClassRange'
  ) {
    return 'a literal brace must be escaped as \\{ or \\}: PCRE and JavaScript read a bare one differently';
  }
  if (raw === '-' && node.parent.type === 'CharacterClass') {
    const members = node.parent.elements;
    const at = members.indexOf(node);
    const beside = [members[at - 1], members[at + 1]];
    if (beside.some((m) => m?.type === 'CharacterSet'))
      return 'a hyphen next to \\d, \\w or \\s in a class must be escaped as \\-';
  }
  return null;
}

/** The fixed length of what a node matches, or null when it varies. */
function fixedLength(node: AST.Element | AST.Alternative): number | null {
  switch (node.type) {
    case 'Alternative':
      return node.elements.reduce<number | null>((sum, e) => (sum === null ? null : add(sum, fixedLength(e))), 0);
    case 'Character':
    case 'CharacterSet':
    case 'CharacterClass':
    case 'ExpressionCharacterClass':
      return 1;
    case 'Assertion':
      return 0;
    case 'Backreference':
      return null;
    case 'Group':
    case 'CapturingGroup':
      return sameLength(node.alternatives);
    case 'Quantifier': {
      const one = fixedLength(node.element);
      return node.min === node.max && one !== null ? node.min * one : null;
    }
  }
}

const add = (sum: number, n: number | null) => (n === null ? null : sum + n);

function sameLength(alternatives: AST.Alternative[]): number | null {
  const lengths = alternatives.map(fixedLength);
  return lengths.every((n) => n !== null && n === lengths[0]) ? lengths[0] : null;
}

function assertionReason(node: AST.Assertion): string | null {
  if (node.kind !== 'lookbehind') return null;
  // PCRE: each top-level alternative of a lookbehind may have its own length, but that length must be fixed.
  if (node.alternatives.every((alt) => fixedLength(alt) !== null)) return null;
  return 'a lookbehind must have a fixed length in PCRE (no *, +, ? or {m,n} inside, alternatives nested in it of equal length)';
}

function quantifierReason(node: AST.Quantifier): string | null {
  if (node.element.type === 'Assertion') return 'a lookaround or anchor cannot be repeated';
  if (node.min > PCRE_MAX_COUNT || (node.max !== Infinity && node.max > PCRE_MAX_COUNT)) {
    return `a repetition count above ${PCRE_MAX_COUNT} does not compile in PCRE`;
  }
  return null;
}

function groupReason(node: AST.CapturingGroup): string | null {
  if (node.name === null || GROUP_NAME.test(node.name)) return null;
  return 'a group name must be ASCII letters, digits and _, not start with a digit, and be at most 32 characters';
}

/** Why the (JavaScript) pattern lies outside what PCRE reads alike, or null when it is inside. */
function treeReason(pattern: AST.Pattern): string | null {
  let reason: string | null = null;
  const note = (found: string | null) => {
    reason ??= found;
  };
  visitRegExpAST(pattern, {
    onCharacterEnter: (n) => note(characterReason(n)),
    onAssertionEnter: (n) => note(assertionReason(n)),
    onQuantifierEnter: (n) => note(quantifierReason(n)),
    onCapturingGroupEnter: (n) => note(groupReason(n)),
    onCharacterSetEnter: (n) => note(n.kind === 'property' ? ESCAPES : null),
  });
  return reason;
}

/**
 * Why a purge regex is outside the PCRE-compatible subset, or null. `pattern` is the operator's PCRE text,
 * `jsSource` what compilePcre made of it (and JavaScript compiled).
 */
export function pcreSubsetReason(pattern: string, jsSource: string): string | null {
  if (/[^\x21-\x7e]/.test(pattern)) {
    return 'PCRE on the caches reads bytes: write characters beyond ASCII percent-encoded, as request URLs carry them';
  }
  try {
    const tree = parseJsPattern(jsSource);
    return treeReason(tree) ?? pcreLimitReason(tree);
  } catch {
    // A pattern this engine compiles but the ES2024 grammar does not (a newer browser's syntax): not portable.
    return 'it uses syntax newer than what both engines read';
  }
}
