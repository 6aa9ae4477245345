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
    .oneOf([yup.ref('newPassword')], 'passwordReset.validation.confirmMatch'),
});
export type NewPasswordValues = yup.InferType<typeof newPasswordSchema>;
