/**
 * Rules for names people and caches read (docs/api/behavior.md, "Hardening and the change log"): a length bound
 * in characters (code points) and no characters that hide or reorder text. Identifiers (usernames, origin names)
 * refuse every control, format (bidirectional overrides and marks, zero-width characters), unassigned, private-use
 * and surrogate code point; display names (full names) refuse controls, bidirectional controls and unassigned code
 * points but keep format characters emoji need (the zero-width joiner). Both refuse more than four combining
 * marks in a row.
 */

export const NAME_LIMITS = { username: 128, name: 256 } as const;

const IDENTIFIER_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const DISPLAY_FORBIDDEN = /[\p{Cc}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;
const MARK_PILE = /\p{M}{5,}/u;

/** The problem of a name, as `<field>: <text>`, or null. `kind` says which rules apply. */
export function nameProblem(field: string, value: string, kind: 'identifier' | 'display', maxLength: number): string | null {
  const length = [...value].length;
  if (length > maxLength) return `${field}: must be at most ${maxLength} characters`;
  const forbidden = kind === 'identifier' ? IDENTIFIER_FORBIDDEN.test(value) : DISPLAY_FORBIDDEN.test(value) || BIDI_CONTROLS.test(value);
  if (forbidden) return `${field}: cannot contain control, bidirectional, invisible or unassigned characters`;
  if (MARK_PILE.test(value)) return `${field}: cannot pile more than four combining marks on one character`;
  return null;
}

/** The problems of a user's username and full name (either may be absent: not checked then). */
export function userNameProblems(fields: { username?: unknown; fullName?: unknown }): string[] {
  const problems: (string | null)[] = [];
  if (typeof fields.username === 'string') problems.push(nameProblem('username', fields.username, 'identifier', NAME_LIMITS.username));
  if (typeof fields.fullName === 'string') problems.push(nameProblem('fullName', fields.fullName, 'display', NAME_LIMITS.name));
  return problems.filter((p): p is string => p !== null);
}
