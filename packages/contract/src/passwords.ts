/**
 * The one rule for a new password, wherever one is set: the command line (`user add`,
 * `user password`), registration, a reset link, "Mein Konto" and the web app's forms. The upper
 * bound is the sign-in form's (spec section 5: at most 50 characters), so every password that
 * can be set can also be typed there.
 */
export const NEW_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MAX = 50;

/** What is wrong with a new password, or null when it may be set. */
export type NewPasswordProblem = 'required' | 'min' | 'max';

export function newPasswordProblem(password: string | undefined | null): NewPasswordProblem | null {
  if (!password) return 'required';
  // The minimum counts characters as people see them (an emoji is one), the maximum counts what
  // the sign-in form's length check counts (UTF-16 units), so nothing set here is refused there.
  if ([...password].length < NEW_PASSWORD_MIN) return 'min';
  if (password.length > NEW_PASSWORD_MAX) return 'max';
  return null;
}
