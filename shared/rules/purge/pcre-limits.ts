import type { AST } from '@eslint-community/regexpp';

/*
 * Two limits of PCRE (libpcre 8.x as ATS links it, LINK_SIZE 2) that a JavaScript engine does not have, so a
 * pattern within pcre-subset.ts can still fail to compile on every cache (issue 32, finding 3):
 * - groups (capturing or not, and lookarounds) nested more than 250 deep: "parentheses are too deeply nested";
 * - a compiled pattern above 64 KiB: "regular expression is too large". PCRE compiles a repeated group as one
 *   copy per repetition (`(?:ab){3}` is three copies), so a short pattern can compile to a large one.
 * The size below follows PCRE's compiled form, measured with pcre_fullinfo: a literal character 2 bytes, `.`/
 * `\d`-style sets and anchors 1, a class 33, a back-reference 3, a group 3 plus 3 per alternative (+2 when it
 * captures), a repeated single item up to 6 more, a repeated group one copy per repetition (an optional copy
 * 4 more). It overestimates slightly, never by more than a few bytes per element.
 */

export const PCRE_MAX_NESTING = 250;
/** PCRE's limit on a compiled pattern (LINK_SIZE 2). */
const PCRE_MAX_COMPILED = 65536;
/**
 * What the origin base in front of the regex (`http://` and a host name of at most 253 characters, and a port)
 * may add to the compiled pattern: 2 bytes a character.
 */
const ORIGIN_ALLOWANCE = 600;
export const PCRE_MAX_REGEX_BYTES = PCRE_MAX_COMPILED - ORIGIN_ALLOWANCE;

type Node = AST.Element | AST.Alternative;

function groupBytes(alternatives: AST.Alternative[], capturing: boolean): number {
  return 3 + (capturing ? 2 : 0) + alternatives.reduce((sum, alt) => sum + 3 + compiledBytes(alt), 0);
}

function quantifiedBytes(node: AST.Quantifier): number {
  const one = compiledBytes(node.element);
  const single = node.element.type !== 'Group' && node.element.type !== 'CapturingGroup';
  if (single || node.element.type === 'Assertion') return one + 6;
  if (node.max === Infinity) return Math.max(node.min, 1) * one + 1;
  return node.min * one + (node.max - node.min) * (one + 4);
}

/** About how many bytes PCRE compiles `node` to (see above). */
function compiledBytes(node: Node): number {
  switch (node.type) {
    case 'Alternative':
      return node.elements.reduce((sum, e) => sum + compiledBytes(e), 0);
    case 'Character':
      return 2;
    case 'CharacterSet':
      return 1;
    case 'CharacterClass':
    case 'ExpressionCharacterClass':
      return 33;
    case 'Backreference':
      return 3;
    case 'Assertion':
      return node.kind === 'lookahead' || node.kind === 'lookbehind' ? groupBytes(node.alternatives, false) : 1;
    case 'Group':
      return groupBytes(node.alternatives, false);
    case 'CapturingGroup':
      return groupBytes(node.alternatives, true);
    case 'Quantifier':
      return quantifiedBytes(node);
  }
}

/** How deep groups and lookarounds nest in `node`. */
function nesting(node: Node): number {
  switch (node.type) {
    case 'Alternative':
      return node.elements.reduce((deepest, e) => Math.max(deepest, nesting(e)), 0);
    case 'Quantifier':
      return nesting(node.element);
    case 'Group':
    case 'CapturingGroup':
      return 1 + Math.max(0, ...node.alternatives.map(nesting));
    case 'Assertion':
      return node.kind === 'lookahead' || node.kind === 'lookbehind'
        ? 1 + Math.max(0, ...node.alternatives.map(nesting))
        : 0;
    default:
      return 0;
  }
}

/** Why PCRE would not compile the (JavaScript-read) pattern for its size or nesting, or null. */
export function pcreLimitReason(pattern: AST.Pattern): string | null {
  if (Math.max(0, ...pattern.alternatives.map(nesting)) > PCRE_MAX_NESTING)
    return `groups and lookarounds nested more than ${PCRE_MAX_NESTING} deep do not compile in PCRE`;
  const bytes = groupBytes(pattern.alternatives, false);
  if (bytes <= PCRE_MAX_REGEX_BYTES) return null;
  return (
    `it compiles to about ${bytes.toLocaleString('en-US')} bytes in PCRE, above its limit of 64 KiB; ` +
    'repeat a group fewer times (PCRE copies a group once per repetition)'
  );
}
