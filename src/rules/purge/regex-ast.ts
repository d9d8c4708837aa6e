import { CharSet, classEscape } from './char-set.js';

/**
 * A JavaScript regex source (what compilePcre answers, already known to compile) read into the little tree a
 * backtracking analysis needs. Lookarounds, anchors and word boundaries consume nothing; a backreference may
 * consume any text.
 */
export type RegexNode =
  | { kind: 'char'; set: CharSet }
  | { kind: 'assert' }
  | { kind: 'backref' }
  | { kind: 'group'; alternatives: RegexNode[][]; lookaround: boolean }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number };

const ESCAPED_CONTROL: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' };

class Reader {
  i = 0;
  constructor(
    readonly src: string,
    readonly caseless: boolean,
  ) {}

  /** One escaped character after `\` (at i): a set, or null for an assertion or a backreference. */
  escape(inClass: boolean): { set: CharSet } | { assert: true } | { backref: true } {
    const c = this.src[this.i++] ?? '\\';
    const cls = classEscape(c);
    if (cls) return { set: cls };
    if (!inClass && (c === 'b' || c === 'B')) return { assert: true };
    if (!inClass && (/[1-9]/.test(c) || c === 'k')) {
      if (c === 'k' && this.src[this.i] === '<') this.i = this.src.indexOf('>', this.i) + 1 || this.src.length;
      else while (/\d/.test(this.src[this.i] ?? '')) this.i++;
      return { backref: true };
    }
    if (c === 'x' || c === 'u') {
      const braced = c === 'u' && this.src[this.i] === '{';
      const hex = braced ? /^\{([0-9a-fA-F]+)\}/.exec(this.src.slice(this.i)) : /^[0-9a-fA-F]+/.exec(this.src.slice(this.i, this.i + (c === 'x' ? 2 : 4)));
      if (hex) {
        this.i += hex[0].length;
        const code = parseInt(braced ? hex[1] : hex[0], 16);
        return { set: CharSet.range(code, code) };
      }
      return { set: CharSet.of(c) };
    }
    if (c === 'c' && /[a-zA-Z]/.test(this.src[this.i] ?? '')) {
      const code = this.src.charCodeAt(this.i++) % 32;
      return { set: CharSet.range(code, code) };
    }
    if (inClass && c === 'b') return { set: CharSet.of('\b') };
    return { set: CharSet.of(ESCAPED_CONTROL[c] ?? c) };
  }

  /** A character class after `[` (at i). */
  characterClass(): CharSet {
    let set = CharSet.empty();
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    let previous: number | null = null;
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      if (this.src[this.i] === '-' && previous !== null && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        const end = this.member();
        const to = end.single ?? previous;
        set = set.union(CharSet.range(Math.min(previous, to), Math.max(previous, to))).union(end.set);
        previous = null;
        continue;
      }
      const member = this.member();
      set = set.union(member.set);
      previous = member.single;
    }
    this.i++;
    const cased = this.caseless ? set.caseless() : set;
    return negated ? cased.complement() : cased;
  }

  private member(): { set: CharSet; single: number | null } {
    const c = this.src[this.i++];
    if (c !== '\\') return { set: CharSet.of(c), single: c.codePointAt(0)! };
    const escaped = this.escape(true);
    if (!('set' in escaped)) return { set: CharSet.empty(), single: null };
    const text = this.src[this.i - 1];
    const single = classEscape(text) ? null : firstCode(escaped.set);
    return { set: escaped.set, single };
  }

  /** A quantifier at i, if any: its bounds. */
  quantifier(): { min: number; max: number } | null {
    const c = this.src[this.i];
    let bounds: { min: number; max: number } | null = null;
    if (c === '*') bounds = { min: 0, max: Infinity };
    else if (c === '+') bounds = { min: 1, max: Infinity };
    else if (c === '?') bounds = { min: 0, max: 1 };
    if (bounds) this.i++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return null;
      this.i += m[0].length;
      bounds = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]) };
    }
    if (bounds && this.src[this.i] === '?') this.i++;
    return bounds;
  }
}

/** The one code point of a single-character set made by `escape` (for class ranges like `\x41-\x5a`). */
function firstCode(set: CharSet): number | null {
  for (let c = 0; c < 128; c++) if (set.intersects(CharSet.range(c, c))) return c;
  return null;
}

function atom(r: Reader): RegexNode | null {
  const c = r.src[r.i++];
  if (c === '\\') {
    const e = r.escape(false);
    if ('assert' in e) return { kind: 'assert' };
    if ('backref' in e) return { kind: 'backref' };
    return { kind: 'char', set: r.caseless ? e.set.caseless() : e.set };
  }
  if (c === '[') return { kind: 'char', set: r.characterClass() };
  if (c === '.') return { kind: 'char', set: CharSet.all() };
  if (c === '^' || c === '$') return { kind: 'assert' };
  if (c === '(') {
    let lookaround = false;
    if (r.src[r.i] === '?') {
      const m = /^\?(?::|=|!|<=|<!|<[^>]*>)/.exec(r.src.slice(r.i))!;
      lookaround = /^\?(=|!|<=|<!)$/.test(m[0]);
      r.i += m[0].length;
    }
    const alternatives = alternation(r);
    r.i++; // the `)`
    return { kind: 'group', alternatives, lookaround };
  }
  return { kind: 'char', set: r.caseless ? CharSet.of(c).caseless() : CharSet.of(c) };
}

function alternation(r: Reader): RegexNode[][] {
  const alternatives: RegexNode[][] = [[]];
  while (r.i < r.src.length && r.src[r.i] !== ')') {
    if (r.src[r.i] === '|') {
      r.i++;
      alternatives.push([]);
      continue;
    }
    const node = atom(r);
    if (!node) continue;
    const bounds = r.quantifier();
    alternatives[alternatives.length - 1].push(bounds ? { kind: 'repeat', node, ...bounds } : node);
  }
  return alternatives;
}

/** Reads a JavaScript regex source (that compiles) into its alternatives. */
export function parseRegex(source: string, flags = ''): RegexNode[][] {
  const r = new Reader(source, flags.includes('i'));
  const alternatives = alternation(r);
  // A stray `)` cannot be in a source that compiles; stop there rather than loop.
  return alternatives;
}
