import { userNameProblems } from '../names.js';
import { passwordProblem } from './password-quality.js';
import {
  INVALID_EMAIL,
  PASSWORD_MISMATCH,
  PROFILE_FIELDS,
  asBody,
  cannotBeBlank,
  emailAddressOf,
  integerValue,
  isBlank,
  isValidEmail,
  mustBeInteger,
  mustBeString,
  passwordFields,
  requiredStringProblem,
  type ProfileField,
} from './fields.js';

/** A valid POST users request. */
export interface NewUserRequest {
  username: string;
  email: string;
  fullName: string;
  password: string;
  roleId: number;
  /** Absent: the requester's tenant. */
  tenantId: number | null;
  newUser: boolean;
  profile: Record<ProfileField, string | null>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * Validates a POST users body (BEHAVIOR.md §4): every problem, in field order, so the client can fix them all
 * at once. Password quality is checked against the requested username.
 */
export function parseNewUser(raw: unknown): Parsed<NewUserRequest> {
  const body = asBody(raw);
  const errors: string[] = [];
  const add = (text: string | null) => {
    if (text) errors.push(text);
  };
  add(requiredStringProblem(body, 'username'));
  const emailProblem = requiredStringProblem(body, 'email');
  add(emailProblem ?? (isValidEmail(String(body.email)) ? null : INVALID_EMAIL));
  add(requiredStringProblem(body, 'fullName'));
  for (const problem of userNameProblems(body)) add(problem);

  const { password, confirm } = passwordFields(body);
  const passwordOk = typeof password === 'string' && !isBlank(password);
  if (isBlank(password)) add(cannotBeBlank('localPassword'));
  else if (typeof password !== 'string') add(mustBeString('localPassword'));
  else add(passwordProblem(password, typeof body.username === 'string' ? body.username : null));
  if (isBlank(confirm)) add(cannotBeBlank('confirmLocalPassword'));
  else if (typeof confirm !== 'string') add(mustBeString('confirmLocalPassword'));
  else if (passwordOk && confirm !== password) add(PASSWORD_MISMATCH);

  if (isBlank(body.role)) add(cannotBeBlank('role'));
  else if (typeof body.role !== 'number' || integerValue(body.role) === null) add(mustBeInteger('role'));
  if (!isBlank(body.tenantId) && (typeof body.tenantId !== 'number' || integerValue(body.tenantId) === null)) {
    add(mustBeInteger('tenantId'));
  }
  if (body.newUser !== undefined && body.newUser !== null && typeof body.newUser !== 'boolean') {
    add(`'newUser' must be a boolean`);
  }
  for (const field of PROFILE_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== 'string') add(mustBeString(field));
  }
  if (errors.length > 0) return { ok: false, errors };

  const profile = Object.fromEntries(
    PROFILE_FIELDS.map((f) => [f, typeof body[f] === 'string' ? (body[f] as string) : null]),
  ) as Record<ProfileField, string | null>;
  return {
    ok: true,
    value: {
      username: body.username as string,
      email: body.email as string,
      fullName: body.fullName as string,
      password: password as string,
      roleId: body.role as number,
      tenantId: isBlank(body.tenantId) ? null : (body.tenantId as number),
      newUser: body.newUser === true,
      profile,
    },
  };
}

/** A valid POST users/register request. */
export interface RegistrationRequest {
  email: string;
  roleId: number;
  tenantId: number;
}

/**
 * Validates a POST users/register body: `email` (bare, `<addr>` or `Name <addr>`: the bare address is kept), `role`, and `tenantId` (which may be a numeric string). */
export function parseRegistration(raw: unknown): Parsed<RegistrationRequest> {
  const body = asBody(raw);
  const errors: string[] = [];
  const emailProblem = requiredStringProblem(body, 'email');
  const email = emailProblem ? null : emailAddressOf(body.email as string);
  if (emailProblem) errors.push(emailProblem);
  else if (email === null) errors.push(INVALID_EMAIL);
  if (isBlank(body.role)) errors.push(cannotBeBlank('role'));
  else if (integerValue(body.role) === null) errors.push(mustBeInteger('role'));
  if (isBlank(body.tenantId)) errors.push(cannotBeBlank('tenantId'));
  else if (integerValue(body.tenantId) === null) errors.push(mustBeInteger('tenantId'));
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { email: email as string, roleId: integerValue(body.role)!, tenantId: integerValue(body.tenantId)! },
  };
}
