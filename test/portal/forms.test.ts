import { describe, expect, it } from 'vitest';
import { newUserBody, newUserErrors, passwordErrors } from '../../portal/src/lib/user-errors';

const valid = {
  username: 'jdoe',
  fullName: 'J Doe',
  email: 'jdoe@example.test',
  role: '3',
  tenantId: '1',
  password: 'Corr3ct-Horse!',
  confirm: 'Corr3ct-Horse!',
};

describe("the new-user form, with the daemon's rules", () => {
  it('finds nothing wrong with a complete form and sends the API body', () => {
    expect(newUserErrors(valid)).toEqual({});
    expect(newUserBody(valid)).toEqual({
      username: 'jdoe',
      fullName: 'J Doe',
      email: 'jdoe@example.test',
      role: 3,
      tenantId: 1,
      localPassword: 'Corr3ct-Horse!',
      confirmLocalPassword: 'Corr3ct-Horse!',
    });
  });

  it("names each field's problem, as the API words it", () => {
    expect(
      newUserErrors({
        username: '',
        fullName: '',
        email: 'not-mail',
        role: '',
        tenantId: '',
        password: 'short',
        confirm: 'other',
      }),
    ).toEqual({
      username: 'cannot be blank',
      fullName: 'cannot be blank',
      email: 'must be a valid email address',
      role: 'cannot be blank',
      tenantId: 'choose a tenant',
      password: 'Password must be greater than 7 characters.',
      confirm: 'must match the password',
    });
    expect(newUserErrors({ ...valid, password: 'jdoe', confirm: 'jdoe' }).password).toBe(
      'Password must be greater than 7 characters.',
    );
    expect(newUserErrors({ ...valid, password: 'password1', confirm: 'password1' }).password).toBe(
      'Password is too common.',
    );
  });

  it('checks a new password against the username and its confirmation', () => {
    expect(passwordErrors('', '', 'admin')).toEqual({ password: 'cannot be blank', confirm: undefined });
    expect(passwordErrors('AdminAdmin', 'x', 'adminadmin')).toEqual({
      password: 'Your password cannot be your username.',
      confirm: 'must match the new password',
    });
    expect(passwordErrors('An0therFresh!Pass', 'An0therFresh!Pass', 'e2e')).toEqual({
      password: undefined,
      confirm: undefined,
    });
  });
});
