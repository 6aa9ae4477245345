import { confirmationRule, newPasswordRule, rulesResolver } from '@/lib/form-rules';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Messages are catalogue keys. The new password follows the one rule (lib/form-rules.ts, from
 * the contract) the server applies; the current one is only required (the server checks it).
 */
export const changePasswordResolver = rulesResolver<ChangePasswordValues>({
  currentPassword: (value) => (value === '' ? 'account.password.currentRequired' : null),
  newPassword: newPasswordRule,
  confirmPassword: (value, values) => confirmationRule(value, values.newPassword),
});
