/** Most quantifiers a pattern may hold and still count as cheap to run (see backtracksLittle). */
const MAX_QUANTIFIERS = 2;

const BOUNDED_REPEAT = /^\{\d+(?:,\d*)?\}/;

/**
 * True when a JavaScript regex cannot backtrack its way into trouble on a short subject: no alternation, no
 * backreference, no quantified group, at most two quantifiers (and no `u`/`v` flag, whose syntax is not read
 * here). On a 50-character path such a pattern takes at most some 50³ steps, so it can be run without a time
 * limit. Conservative: anything it cannot vouch for answers false and goes to the time-limited probe.
 */
export function backtracksLittle(source: string, flags = ''): boolean {
  if (/[uv]/.test(flags)) return false;
  let quantifiers = 0;
  let inClass = false;
  let afterGroup = false;
  let afterQuantifier = false;
  /** Just after an unescaped `(`, where `?` opens a group modifier (`(?:`, `(?=`, `(?<name>`). */
  let afterOpen = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      if (!inClass && /[1-9k]/.test(source[i + 1] ?? '')) return false;
      i++;
      afterGroup = afterQuantifier = afterOpen = false;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const repeat = c === '{' ? BOUNDED_REPEAT.exec(source.slice(i)) : null;
    if (c === '*' || c === '+' || (c === '?' && !afterOpen) || repeat) {
      if (afterGroup) return false;
      // A `?` after a quantifier only makes it lazy.
      if (!(c === '?' && afterQuantifier)) quantifiers++;
      if (quantifiers > MAX_QUANTIFIERS) return false;
      if (repeat) i += repeat[0].length - 1;
      afterQuantifier = true;
      afterGroup = afterOpen = false;
      continue;
    }
    if (c === '|') return false;
    inClass = c === '[';
    afterGroup = c === ')';
    afterOpen = c === '(';
    afterQuantifier = false;
  }
  return true;
}
