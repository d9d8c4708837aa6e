import { userNameProblems } from '../../../shared/rules/names.js';
import { passwordProblem } from '../../../shared/rules/users/password-quality.js';
import {
  INVALID_EMAIL,
  PASSWORD_MISMATCH,
  PROFILE_FIELDS,
  asBody,
  cannotBeBlank,
  integerValue,
  isBlank,
  isValidEmail,
  INT32,
  mustBeInt32,
  mustBeInteger,
  mustBeString,
  passwordFields,
  type Body,
  type ProfileField,
} from '../../../shared/rules/users/fields.js';
import type { Parsed } from '../../../shared/rules/users/validate-create.js';

export const MISSING_USER_OBJECT = "missing 'user' object";
export const CANNOT_CHANGE_ROLE = 'users cannot change their own role';
export const CANNOT_CHANGE_TENANT = 'users cannot change their own tenant';

/** What a PUT user/current asks to change; absent keys stay as they are. */
export interface ProfileChange {
  username?: string;
  email?: string;
  fullName?: string;
  /** A new password, already checked for confirmation and quality. */
  password?: string;
  profile: Partial<Record<ProfileField, string | null>>;
  gid?: number | null;
  uid?: number | null;
}

/** The caller as the update needs it: what may be sent only unchanged, and the username passwords are checked against. */
export interface ProfileOwner {
  username: string;
  roleId: number;
  tenantId: number;
}

/**
 * Validates the body of PUT user/current and POST user/current/update (BEHAVIOR.md §4): `{"user": {...}}`, a
 * partial update of the caller's own profile. Every problem is reported, in field order.
 */
export function parseProfileUpdate(raw: unknown, owner: ProfileOwner): Parsed<ProfileChange> {
  const outer = asBody(raw);
  if (outer.user === null || typeof outer.user !== 'object' || Array.isArray(outer.user)) {
    return { ok: false, errors: [MISSING_USER_OBJECT] };
  }
  const body = outer.user as Body;
  const errors: string[] = [];
  const change: ProfileChange = { profile: {} };

  for (const field of ['username', 'email', 'fullName'] as const) {
    if (!(field in body)) continue;
    const value = body[field];
    if (isBlank(value)) errors.push(cannotBeBlank(field));
    else if (typeof value !== 'string') errors.push(mustBeString(field));
    else if (field === 'email' && !isValidEmail(value)) errors.push(INVALID_EMAIL);
    else if (field !== 'email' && userNameProblems({ [field]: value }).length > 0)
      errors.push(...userNameProblems({ [field]: value }));
    else change[field] = value;
  }
  passwordChange(body, change.username ?? owner.username, errors, change);

  if (body.role !== undefined && body.role !== null && integerValue(body.role) !== owner.roleId) {
    errors.push(CANNOT_CHANGE_ROLE);
  }
  if (body.tenantId !== undefined && body.tenantId !== null && integerValue(body.tenantId) !== owner.tenantId) {
    errors.push(CANNOT_CHANGE_TENANT);
  }
  for (const field of PROFILE_FIELDS) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value === null || typeof value === 'string') change.profile[field] = value;
    else errors.push(mustBeString(field));
  }
  for (const field of ['gid', 'uid'] as const) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value === null) change[field] = null;
    else {
      const n = integerValue(value);
      if (n === null) errors.push(mustBeInteger(field));
      else if (n < INT32.min || n > INT32.max) errors.push(mustBeInt32(field));
      else change[field] = n;
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: change };
}

/** A password change is asked for when either password field holds text; it then needs both, equal and good. */
function passwordChange(body: Body, username: string, errors: string[], change: ProfileChange): void {
  const { password, confirm } = passwordFields(body);
  if (isBlank(password) && isBlank(confirm)) return;
  let ok = true;
  if (isBlank(password)) {
    errors.push(cannotBeBlank('localPassword'));
    ok = false;
  } else if (typeof password !== 'string') {
    errors.push(mustBeString('localPassword'));
    ok = false;
  } else {
    const problem = passwordProblem(password, username);
    if (problem) {
      errors.push(problem);
      ok = false;
    }
  }
  if (isBlank(confirm)) {
    errors.push(cannotBeBlank('confirmLocalPassword'));
    ok = false;
  } else if (typeof confirm !== 'string') {
    errors.push(mustBeString('confirmLocalPassword'));
    ok = false;
  } else if (typeof password === 'string' && confirm !== password) {
    errors.push(PASSWORD_MISMATCH);
    ok = false;
  }
  if (ok) change.password = password as string;
}
