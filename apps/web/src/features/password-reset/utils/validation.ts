import {
  confirmationRule,
  isEmail,
  newPasswordRule,
  rulesResolver,
  textRule,
} from '@/lib/form-rules';

/** Messages are catalogue keys; the form translates them into the active language. */
export interface EmailValues {
  email: string;
}

const emailLength = textRule({
  required: 'passwordReset.validation.emailRequired',
  min: [3, 'passwordReset.validation.min3'],
  max: [50, 'passwordReset.validation.max50'],
});

export const emailResolver = rulesResolver<EmailValues>(
  {
    email: (value) =>
      emailLength(value) ?? (isEmail(value) ? null : 'passwordReset.validation.emailFormat'),
  },
  // The address is used trimmed, so stray spaces from pasting neither fail nor get sent.
  (values) => ({ ...values, email: values.email.trim() }),
);

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** The one rule for new passwords (lib/form-rules.ts, from the contract), as the server applies it. */
export const newPasswordResolver = rulesResolver<NewPasswordValues>({
  newPassword: newPasswordRule,
  confirmPassword: (value, values) => confirmationRule(value, values.newPassword),
});
