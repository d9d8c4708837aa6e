/**
 * Sets of characters, as much of them as a backtracking analysis needs: each ASCII character exactly, and every
 * other character as one member ("non-ASCII"). Two sets that share a member may match the same character.
 */
export class CharSet {
  private constructor(
    private readonly bits: Uint32Array,
    private readonly other: boolean,
  ) {}

  static empty(): CharSet {
    return new CharSet(new Uint32Array(4), false);
  }

  static all(): CharSet {
    return new CharSet(Uint32Array.from([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]), true);
  }

  /** The characters from `from` to `to` (code points); anything beyond ASCII joins the non-ASCII member. */
  static range(from: number, to: number): CharSet {
    const set = CharSet.empty();
    for (let c = from; c <= Math.min(to, 127); c++) set.bits[c >> 5] |= 1 << (c & 31);
    return to > 127 ? new CharSet(set.bits, true) : set;
  }

  static of(chars: string): CharSet {
    const set = CharSet.empty();
    let other = false;
    for (const ch of chars) {
      const c = ch.codePointAt(0)!;
      if (c > 127) other = true;
      else set.bits[c >> 5] |= 1 << (c & 31);
    }
    return other ? new CharSet(set.bits, true) : set;
  }

  union(other: CharSet): CharSet {
    const [a, b] = [this.bits, other.bits];
    return new CharSet(Uint32Array.of(a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]), this.other || other.other);
  }

  complement(): CharSet {
    const a = this.bits;
    return new CharSet(Uint32Array.of(~a[0], ~a[1], ~a[2], ~a[3]), !this.other);
  }

  intersects(other: CharSet): boolean {
    const [a, b] = [this.bits, other.bits];
    return (
      (a[0] & b[0]) !== 0 ||
      (a[1] & b[1]) !== 0 ||
      (a[2] & b[2]) !== 0 ||
      (a[3] & b[3]) !== 0 ||
      (this.other && other.other)
    );
  }

  isEmpty(): boolean {
    const a = this.bits;
    return !this.other && a[0] === 0 && a[1] === 0 && a[2] === 0 && a[3] === 0;
  }

  /** The set with both cases of every ASCII letter (the `i` flag). */
  caseless(): CharSet {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a running value that starts as this set, not an alias
    let set: CharSet = this;
    for (let c = 65; c <= 90; c++) {
      if (this.has(c) || this.has(c + 32)) set = set.union(CharSet.range(c, c)).union(CharSet.range(c + 32, c + 32));
    }
    return set;
  }

  private has(c: number): boolean {
    return (this.bits[c >> 5] & (1 << (c & 31))) !== 0;
  }
}

export const DIGITS = CharSet.range(48, 57);
export const WORD = DIGITS.union(CharSet.range(65, 90)).union(CharSet.range(97, 122)).union(CharSet.of('_'));
export const SPACE = CharSet.of(' \t\n\r\v\f').union(CharSet.range(160, 0x10ffff));

/** The class escape `\d \D \w \W \s \S`, or null for any other letter. */
export function classEscape(letter: string): CharSet | null {
  switch (letter) {
    case 'd':
      return DIGITS;
    case 'D':
      return DIGITS.complement();
    case 'w':
      return WORD;
    case 'W':
      return WORD.complement();
    case 's':
      return SPACE;
    case 'S':
      return SPACE.complement();
    default:
      return null;
  }
}
