import { parseNewUser } from '../../../shared/rules/users/validate-create.js';
import { passwordProblem } from '../../../shared/rules/users/password-quality.js';

/** The new-user form's fields, as typed. */
export interface NewUserValues {
  username: string;
  fullName: string;
  email: string;
  role: string;
  tenantId: string;
  password: string;
  confirm: string;
}

export type NewUserErrors = Partial<Record<keyof NewUserValues, string>>;

/** The API's body names, as the form names them. */
export const USER_FIELD_ALIASES: Record<string, keyof NewUserValues> = {
  localPassword: 'password',
  confirmLocalPassword: 'confirm',
};

/** The POST users body of the typed values (an unchosen role or tenant is left out, as the API reads it). */
export function newUserBody(v: NewUserValues): Record<string, unknown> {
  return {
    username: v.username,
    fullName: v.fullName,
    email: v.email,
    role: v.role === '' ? undefined : Number(v.role),
    tenantId: v.tenantId === '' ? undefined : Number(v.tenantId),
    localPassword: v.password,
    confirmLocalPassword: v.confirm,
  };
}

/**
 * Every problem the API would find with the form (the daemon's own parseNewUser), one per field: quoted keys
 * (`'email' must be a valid email address`) go to their field, the password quality texts to the password.
 */
export function newUserErrors(v: NewUserValues): NewUserErrors {
  const checked = parseNewUser(newUserBody(v));
  const errors: NewUserErrors = {};
  if (v.tenantId === '') errors.tenantId = 'choose a tenant';
  if (checked.ok) return errors;
  for (const message of checked.errors) {
    const m = /^'(\w+)' (.+)$/.exec(message);
    const key = m ? (USER_FIELD_ALIASES[m[1]] ?? (m[1] in v ? (m[1] as keyof NewUserValues) : undefined)) : 'password';
    if (key) errors[key] ??= m ? m[2] : message;
  }
  // The API names the other field by its body key; the form by what the person sees.
  if (errors.confirm?.startsWith('must match')) errors.confirm = 'must match the password';
  return errors;
}

/** The password form's problems: the daemon's quality rules for the new password, then the confirmation. */
export function passwordErrors(
  password: string,
  confirm: string,
  username: string | null,
): { password?: string; confirm?: string } {
  const problem = password === '' ? 'cannot be blank' : passwordProblem(password, username);
  return { password: problem ?? undefined, confirm: confirm !== password ? 'must match the new password' : undefined };
}
