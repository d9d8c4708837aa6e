import { COMMON_PASSWORDS } from './common-passwords.js';

export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_TOO_SHORT = 'Password must be greater than 7 characters.';
export const PASSWORD_IS_USERNAME = 'Your password cannot be your username.';
export const PASSWORD_TOO_COMMON = 'Password is too common.';

const common = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** True when the password (any case) is in the bundled list of common passwords. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/**
 * The first quality rule of BEHAVIOR.md §2 the password breaks, as its alert text, or null when it passes:
 * at least 8 characters, not the username (any case), not a common password.
 */
export function passwordProblem(password: string, username: string | null): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (username !== null && password.toLowerCase() === username.toLowerCase()) return PASSWORD_IS_USERNAME;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
