import { describe, expect, it } from 'vitest';
import { isEmail, validateLogin, validateRegister } from './accountValidation';
import { validateChangePassword, validateForgotPassword, validateResetPassword } from './passwordValidation';

describe('isEmail: text, @, text, dot, text', () => {
  it.each(['a@b.co', 'ada.lovelace@example.com', ' ada@example.com '])('accepts %j', (email) => {
    expect(isEmail(email)).toBe(true);
  });
  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.', 'a da@example.com', 'a@b@c.d'])(
    'rejects %j',
    (email) => {
      expect(isEmail(email)).toBe(false);
    },
  );
});

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('rejects a malformed email', () => {
    expect(validateLogin({ email: 'ada@example', password: 'x' })).toEqual({ email: 'Email is invalid' });
  });
  it('is empty when valid', () => {
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('validateRegister', () => {
  const valid = {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    password: 'abcdefgh',
    confirmPassword: 'abcdefgh',
    passphrase: 'open sesame',
  };

  it('is empty when valid', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('reports every required field', () => {
    expect(
      validateRegister({
        email: '',
        first_name: '',
        last_name: ' ',
        password: '',
        confirmPassword: '',
        passphrase: '',
      }),
    ).toEqual({
      email: 'Email is required',
      first_name: 'First name is required',
      last_name: 'Last name is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      passphrase: 'Passphrase is required',
    });
  });

  it('enforces the minimum lengths and the matching confirmation', () => {
    expect(
      validateRegister({
        ...valid,
        email: 'x@y',
        first_name: 'A',
        last_name: 'L',
        password: 'abcdefg',
        confirmPassword: 'abcdefh',
      }),
    ).toEqual({
      email: 'Email is invalid',
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('accepts names of exactly 2 characters and a password of exactly 8', () => {
    expect(validateRegister({ ...valid, first_name: 'Al', last_name: 'Bo' })).toEqual({});
  });
});

describe('validateChangePassword: first failing rule only, in order', () => {
  it('current password first', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: 'a', confirmPassword: 'b' })).toEqual({
      currentPassword: 'Current password is required',
    });
  });
  it('then the match', () => {
    expect(
      validateChangePassword({ currentPassword: 'old', newPassword: 'a', confirmPassword: 'b' }),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
  it('then the length of 8, the same rule as registration', () => {
    expect(
      validateChangePassword({ currentPassword: 'old', newPassword: '1234567', confirmPassword: '1234567' }),
    ).toEqual({
      newPassword: 'New password must be at least 8 characters',
    });
    expect(
      validateChangePassword({
        currentPassword: 'old',
        newPassword: '12345678',
        confirmPassword: '12345678',
      }),
    ).toEqual({});
  });
});

describe('validateForgotPassword and validateResetPassword', () => {
  it('asks for a valid e-mail', () => {
    expect(validateForgotPassword({ email: '  ' })).toEqual({ email: 'Email is required' });
    expect(validateForgotPassword({ email: 'nobody' })).toEqual({ email: 'Email is invalid' });
    expect(validateForgotPassword({ email: 'ada@example.com' })).toEqual({});
  });

  it("uses registration's password rules, typed twice", () => {
    expect(validateResetPassword({ password: '', confirmPassword: '' })).toEqual({
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateResetPassword({ password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validateResetPassword({ password: 'long-enough', confirmPassword: 'other-one' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateResetPassword({ password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });
});
