import { CharSet } from './char-set.js';
import { parseRegex, type RegexNode } from './regex-ast.js';

/**
 * The static half of the purge-regex backtracking check (the other half is a bounded probe off the main thread,
 * regex-probe-pool.ts). It reads the pattern and refuses the shapes that backtrack exponentially or with a high
 * polynomial degree in a backtracking engine (V8's, and PCRE's in every cache):
 *
 * - **overlapping alternation under a repetition**: `(a|a)+`, `(a|ab)*`, `(\w|\d)+` — two alternatives can
 *   start on the same character (or one is empty), so each repetition can split the text in two ways;
 * - **nested quantifiers** (star height 2): `(a+)+`, `(.*)*`, `(\w+\d*)+` — a repeated group holding a
 *   variable repetition, unless the group also needs a character none of its repetitions can match (`(\w+/)*`:
 *   the `/` separates the iterations, so there is one way only);
 * - **a repeated group that can match empty text**: `(a?)*`, `(a|)+`;
 * - **three or more adjacent repetitions over overlapping characters**: `.*.*.*x`, `\w*a\w*a\w*!` — cubic or
 *   worse on a long URL.
 *
 * "Repeated" means an upper bound above 1 (or none): a counted repetition is a repetition. `(k+k+){0,9}!` takes
 * seconds for one match in V8 and `(x{0,9}){0,9}y` splits a run of x's in more ways than a cache can try per
 * request; PCRE on the caches backtracks the same way. Conservative on purpose: an unusual but harmless
 * pattern may be refused; the answer names the reason so that the operator can rewrite it.
 */

const BIG = 2;
const isBig = (n: { kind: 'repeat'; max: number }) => n.max >= BIG;
const isVariable = (n: { kind: 'repeat'; min: number; max: number }) => n.max > n.min && n.max > 1;

function nullable(node: RegexNode): boolean {
  switch (node.kind) {
    case 'char':
      return false;
    case 'assert':
    case 'backref':
      return true;
    case 'group':
      return node.lookaround || node.alternatives.some((seq) => seq.every(nullable));
    case 'repeat':
      return node.min === 0 || nullable(node.node);
  }
}

const charsMemo = new WeakMap<RegexNode, CharSet>();

/** Every character the node may consume. */
function chars(node: RegexNode): CharSet {
  // A character node holds its set (most nodes of a purge regex are these): nothing to remember.
  if (node.kind === 'char') return node.set;
  let set = charsMemo.get(node);
  if (!set) {
    set = computeChars(node);
    charsMemo.set(node, set);
  }
  return set;
}

function computeChars(node: RegexNode): CharSet {
  switch (node.kind) {
    case 'char':
      return node.set;
    case 'assert':
      return CharSet.empty();
    case 'backref':
      return CharSet.all();
    case 'group':
      return node.lookaround
        ? CharSet.empty()
        : node.alternatives.flat().reduce((s, n) => s.union(chars(n)), CharSet.empty());
    case 'repeat':
      return chars(node.node);
  }
}

/** The characters a match of the sequence may start with. */
function firstOfSequence(seq: RegexNode[]): CharSet {
  let set = CharSet.empty();
  for (const node of seq) {
    set = set.union(first(node));
    if (!nullable(node)) break;
  }
  return set;
}

function first(node: RegexNode): CharSet {
  if (node.kind === 'group') {
    return node.lookaround
      ? CharSet.empty()
      : node.alternatives.reduce((s, seq) => s.union(firstOfSequence(seq)), CharSet.empty());
  }
  if (node.kind === 'repeat') return first(node.node);
  return chars(node);
}

/** The variable repetitions inside a node (at any depth). */
function variableRepeats(node: RegexNode): RegexNode[] {
  if (node.kind === 'repeat') return [...(isVariable(node) ? [node] : []), ...variableRepeats(node.node)];
  if (node.kind === 'group') return node.alternatives.flat().flatMap(variableRepeats);
  if (node.kind === 'backref') return [node];
  return [];
}

/** The alternatives of a repeated body: a group's own, or the body alone. */
const alternativesOf = (body: RegexNode): RegexNode[][] =>
  body.kind === 'group' && !body.lookaround ? body.alternatives : [[body]];

/** True when the sequence needs a character that none of its variable repetitions can match. */
function separated(seq: RegexNode[], inner: RegexNode[]): boolean {
  const repeated = inner.reduce((s, n) => s.union(chars(n)), CharSet.empty());
  return seq.some((node) => node.kind === 'char' && !node.set.intersects(repeated));
}

function overlapping(alternatives: RegexNode[][]): boolean {
  if (alternatives.length < 2) return false;
  if (alternatives.some((seq) => seq.every(nullable))) return true;
  const firsts = alternatives.map(firstOfSequence);
  return firsts.some((a, i) => firsts.slice(i + 1).some((b) => a.intersects(b)));
}

/** Why a repetition of `body` backtracks badly, or null. */
function repeatReason(body: RegexNode): string | null {
  const alternatives = alternativesOf(body);
  if (overlapping(alternatives))
    return 'alternatives that can match the same text are repeated (overlapping alternation)';
  for (const seq of alternatives) {
    const inner = seq.flatMap(variableRepeats);
    if (inner.length > 0 && !separated(seq, inner))
      return 'a repetition is nested in a repetition (nested quantifiers)';
  }
  if (nullable(body)) return 'a repeated group can match empty text';
  return null;
}

/** Why a sequence backtracks with a high polynomial degree, or null: 3+ adjacent overlapping repetitions. */
function sequenceReason(seq: RegexNode[]): string | null {
  let run = 0;
  let last = CharSet.empty();
  for (const node of seq) {
    const repeats =
      node.kind === 'repeat'
        ? isBig(node) && isVariable(node)
          ? [node]
          : []
        : node.kind === 'group' && !node.lookaround
          ? variableRepeats(node).filter((n) => n.kind !== 'repeat' || isBig(n))
          : [];
    const set = chars(node);
    if (repeats.length > 0) {
      run = run > 0 && set.intersects(last) ? run + 1 : 1;
      last = set;
      if (run >= 3) return `${run} adjacent repetitions can match the same text (high polynomial backtracking)`;
    } else if (!set.isEmpty() && !set.intersects(last)) {
      run = 0;
    }
  }
  return null;
}

function walk(node: RegexNode): string | null {
  if (node.kind === 'repeat') {
    if (isBig(node)) {
      const reason = repeatReason(node.node);
      if (reason) return reason;
    }
    return walk(node.node);
  }
  if (node.kind === 'group') return walkAlternatives(node.alternatives);
  return null;
}

function walkAlternatives(alternatives: RegexNode[][]): string | null {
  for (const seq of alternatives) {
    const reason = sequenceReason(seq) ?? seq.reduce<string | null>((found, node) => found ?? walk(node), null);
    if (reason) return reason;
  }
  return null;
}

/** Why the (JavaScript) pattern would backtrack catastrophically, or null when its shape is safe. */
export function catastrophicReason(source: string, flags = ''): string | null {
  return walkAlternatives(parseRegex(source, flags));
}
