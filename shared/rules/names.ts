/**
 * Rules for names people and caches read (docs/api/behavior.md, "Hardening and the change log"): a length bound
 * in characters (code points) and no characters that hide or reorder text. Identifiers (usernames, origin names)
 * refuse every control, format (bidirectional overrides and marks, zero-width characters), unassigned, private-use
 * and surrogate code point; display names (full names) refuse controls, bidirectional controls and unassigned code
 * points but keep format characters emoji need (the zero-width joiner). Both refuse more than four combining
 * marks in a row.
 */

export const NAME_LIMITS = { username: 128, name: 256, text: 2048 } as const;

const IDENTIFIER_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const DISPLAY_FORBIDDEN = /[\p{Cc}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;
const MARK_PILE = /\p{M}{5,}/u;

/** The problem of a name, as `<field>: <text>`, or null. `kind` says which rules apply. */
export function nameProblem(
  field: string,
  value: string,
  kind: 'identifier' | 'display',
  maxLength: number,
): string | null {
  const length = [...value].length;
  if (length > maxLength) return `${field}: must be at most ${maxLength} characters`;
  const forbidden =
    kind === 'identifier'
      ? IDENTIFIER_FORBIDDEN.test(value)
      : DISPLAY_FORBIDDEN.test(value) || BIDI_CONTROLS.test(value);
  if (forbidden) return `${field}: cannot contain control, bidirectional, invisible or unassigned characters`;
  if (MARK_PILE.test(value)) return `${field}: cannot pile more than four combining marks on one character`;
  return null;
}

/** The problems of a user's username and full name (either may be absent: not checked then). */
export function userNameProblems(fields: { username?: unknown; fullName?: unknown }): string[] {
  const problems: (string | null)[] = [];
  if (typeof fields.username === 'string')
    problems.push(nameProblem('username', fields.username, 'identifier', NAME_LIMITS.username));
  if (typeof fields.fullName === 'string')
    problems.push(nameProblem('fullName', fields.fullName, 'display', NAME_LIMITS.name));
  return problems.filter((p): p is string => p !== null);
}

/**
 * A stored name (a server's interface, a cache group, a profile, a check extension's name or version…): the
 * identifier rules, at most `max` characters (NAME_LIMITS.name unless given).
 */
export const identifierProblem = (field: string, value: string, max: number = NAME_LIMITS.name): string | null =>
  nameProblem(field, value, 'identifier', max);

/**
 * A stored free text (a description, an offline reason): spaces and any script, but no control (line breaks
 * included), bidirectional, invisible or unassigned character, at most NAME_LIMITS.text characters.
 */
export const textProblem = (field: string, value: string, max: number = NAME_LIMITS.text): string | null =>
  nameProblem(field, value, 'identifier', max);

const PLAIN = /^[\p{L}\p{N}][\p{L}\p{N}._:@-]{0,127}$/u;

/**
 * What an error text may say of a caller's value (SECURITY.md: texts never quote input): the value itself only
 * when it is a plain name (letters, digits, `.`, `_`, `-`, `:`, `@`, at most 128 characters), which keeps Traffic
 * Ops' texts for every real name; otherwise the text without it.
 */
export function plainOr(value: unknown, withValue: (plain: string) => string, without: string): string {
  return typeof value === 'string' && PLAIN.test(value) ? withValue(value) : without;
}
