import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { CharSet, classEscape } from './char-set.js';

/**
 * A JavaScript regex source (what compilePcre answers, already known to compile) read into the little tree a
 * backtracking analysis needs. The reading itself is @eslint-community/regexpp's, a maintained ECMAScript regex
 * parser (the one ESLint's regex rules use): this file only folds its AST into character sets and repetitions.
 * Lookarounds, anchors and word boundaries consume nothing; a backreference may consume any text.
 */
export type RegexNode =
  | { kind: 'char'; set: CharSet }
  | { kind: 'assert' }
  | { kind: 'backref' }
  | { kind: 'group'; alternatives: RegexNode[][]; lookaround: boolean }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number };

// ES2024: what V8 of Node 20 reads (no modifiers, no duplicate group names). Without `u`/`v`: Annex B syntax.
const parser = new RegExpParser({ ecmaVersion: 2024 });

// The last tree read: a purge check reads one pattern twice (the PCRE subset, then the backtracking shapes).
let last: { source: string; tree: AST.Pattern } | null = null;

/** regexpp's tree of a (non-Unicode) JavaScript regex source; throws its RegExpSyntaxError when it does not parse. */
export function parseJsPattern(source: string): AST.Pattern {
  if (last?.source !== source)
    last = { source, tree: parser.parsePattern(source, 0, source.length, { unicode: false, unicodeSets: false }) };
  return last.tree;
}

type ClassMember = AST.CharacterClassElement;

function escapeSet(node: AST.CharacterSet): CharSet {
  if (node.kind === 'any') return CharSet.all();
  if (node.kind === 'property') return CharSet.all();
  const letter = node.kind === 'digit' ? 'd' : node.kind === 'space' ? 's' : 'w';
  return classEscape(node.negate ? letter.toUpperCase() : letter)!;
}

function memberSet(member: ClassMember): CharSet {
  switch (member.type) {
    case 'Character':
      return CharSet.range(member.value, member.value);
    case 'CharacterClassRange':
      return CharSet.range(member.min.value, member.max.value);
    case 'CharacterSet':
      return escapeSet(member);
    default:
      // Class set operations exist only with the `v` flag, which no purge regex carries: any character.
      return CharSet.all();
  }
}

/** A class's characters; with the `i` flag both cases of its members, before a `^` takes the complement. */
function classSet(node: AST.CharacterClass, caseless: boolean): CharSet {
  const set = node.elements.reduce((s: CharSet, m: ClassMember) => s.union(memberSet(m)), CharSet.empty());
  const cased = caseless ? set.caseless() : set;
  return node.negate ? cased.complement() : cased;
}

class Folder {
  constructor(readonly caseless: boolean) {}

  private chars(set: CharSet): RegexNode {
    return { kind: 'char', set: this.caseless ? set.caseless() : set };
  }

  alternatives(list: AST.Alternative[]): RegexNode[][] {
    return list.map((alt) => alt.elements.map((e) => this.element(e)));
  }

  element(node: AST.Element): RegexNode {
    switch (node.type) {
      case 'Character':
        return this.chars(CharSet.range(node.value, node.value));
      case 'CharacterSet':
        return this.chars(escapeSet(node));
      case 'CharacterClass':
        return { kind: 'char', set: classSet(node, this.caseless) };
      case 'ExpressionCharacterClass':
        return { kind: 'char', set: CharSet.all() };
      case 'Backreference':
        return { kind: 'backref' };
      case 'Group':
      case 'CapturingGroup':
        return { kind: 'group', alternatives: this.alternatives(node.alternatives), lookaround: false };
      case 'Quantifier':
        return { kind: 'repeat', node: this.element(node.element), min: node.min, max: node.max };
      case 'Assertion':
        if (node.kind === 'lookahead' || node.kind === 'lookbehind') {
          return { kind: 'group', alternatives: this.alternatives(node.alternatives), lookaround: true };
        }
        return { kind: 'assert' };
    }
  }
}

/** Reads a JavaScript regex source (that compiles) into its alternatives. */
export function parseRegex(source: string, flags = ''): RegexNode[][] {
  return new Folder(flags.includes('i')).alternatives(parseJsPattern(source).alternatives);
}
