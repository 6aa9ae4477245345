import { isEmail, rulesResolver, textRule } from '@/lib/form-rules';

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

export const newPasswordResolver = rulesResolver<NewPasswordValues>({
  newPassword: textRule({
    required: 'passwordReset.validation.newPasswordRequired',
    min: [6, 'passwordReset.validation.newPasswordMin'],
  }),
  // "Please confirm" before "must match": an empty field is missing, not mismatched.
  confirmPassword: (value, values) =>
    value === ''
      ? 'passwordReset.validation.confirmRequired'
      : value === values.newPassword
        ? null
        : 'passwordReset.validation.confirmMatch',
});
