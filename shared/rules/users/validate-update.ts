import { parseNewUser, type NewUserRequest, type Parsed } from './validate-create.js';
import { asBody, isBlank, passwordFields } from './fields.js';

/** A valid PUT users/:id request: a new user's fields, the password only when one is sent. */
export interface UserUpdateRequest extends Omit<NewUserRequest, 'password'> {
  /** Null: the stored password stays. */
  password: string | null;
}

/**
 * Validates a PUT users/:id body with the rules of POST users (BEHAVIOR.md §4), except that the password and its
 * confirmation may both be left out (the stored password stays). A password sent is checked as on create.
 */
export function parseUserUpdate(raw: unknown): Parsed<UserUpdateRequest> {
  const body = asBody(raw);
  const { password, confirm } = passwordFields(body);
  const keepPassword = isBlank(password) && isBlank(confirm);
  // Stand-ins that pass the password rules, so only the other fields are judged when none is sent.
  const stand = 'unchanged-Passw0rd-placeholder';
  const parsed = parseNewUser(keepPassword ? { ...body, localPassword: stand, confirmLocalPassword: stand } : body);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { ...parsed.value, password: keepPassword ? null : parsed.value.password } };
}
