import * as yup from 'yup';

/** Messages are catalogue keys; the form translates them into the active language. */
export const emailSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required('passwordReset.validation.emailRequired')
    .min(3, 'passwordReset.validation.min3')
    .max(50, 'passwordReset.validation.max50')
    .email('passwordReset.validation.emailFormat'),
});
export type EmailValues = yup.InferType<typeof emailSchema>;

export const newPasswordSchema = yup.object({
  newPassword: yup
    .string()
    .required('passwordReset.validation.newPasswordRequired')
    .min(6, 'passwordReset.validation.newPasswordMin'),
  confirmPassword: yup
    .string()
    .required('passwordReset.validation.confirmRequired')
    // A test, not oneOf: yup checks oneOf before `required`, so an empty field would say
    // "must match" instead of "please confirm".
    .test('match', 'passwordReset.validation.confirmMatch', (value, context) => {
      const parent = context.parent as { newPassword?: string };
      return !value || value === parent.newPassword;
    }),
});
export type NewPasswordValues = yup.InferType<typeof newPasswordSchema>;
