import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useResetPassword } from '../api/reset-password';
import { failureMessage } from '../utils/failure-message';
import { newPasswordResolver, type NewPasswordValues } from '../utils/validation';
import { NewPasswordField } from './new-password-field';

/**
 * The last step: a new password, sent with the token and address from the mail's link (a reset
 * link, or a new member's invitation: `submitLabel`, and `onChanged` gets the new password to
 * sign in with).
 */
export function ChangePasswordForm({
  token,
  email,
  onChanged,
  submitLabel,
}: {
  token: string;
  email: string;
  onChanged: (password: string) => void | Promise<void>;
  submitLabel?: ReactNode;
}) {
  const intl = useIntl();
  const reset = useResetPassword();
  const linkComplete = token !== '' && email !== '';
  const [linkError, setLinkError] = useState(!linkComplete);
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: newPasswordResolver,
    mode: 'all',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword, confirmPassword }) => {
    if (!linkComplete) {
      setLinkError(true);
      return;
    }
    try {
      await reset.mutateAsync({
        token,
        email,
        password: newPassword,
        password_confirmation: confirmPassword,
      });
      await onChanged(newPassword);
    } catch {
      // The mutation holds the error; it is shown below.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {linkError && (
        <Alert variant="danger">
          <FormattedMessage id="passwordReset.validation.tokenRequired" />
        </Alert>
      )}
      {reset.isError && (
        <Alert variant="danger">
          {failureMessage(reset.error, intl.formatMessage({ id: 'passwordReset.failed' }))}
        </Alert>
      )}
      {/* Lets a password manager file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <NewPasswordField
        id="new-password"
        label={intl.formatMessage({ id: 'passwordReset.change.newPassword' })}
        error={errors.newPassword?.message}
        {...register('newPassword', {
          // Keep "must match" honest while the first field changes, once the second was used.
          onChange: () => {
            if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
          },
        })}
      />
      <NewPasswordField
        id="confirm-password"
        label={intl.formatMessage({ id: 'passwordReset.change.confirmPassword' })}
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton
        size="lg"
        pending={reset.isPending}
        pendingLabel={intl.formatMessage({ id: 'passwordReset.saving' })}
      >
        {submitLabel ?? <FormattedMessage id="passwordReset.change.submit" />}
      </SubmitButton>
    </form>
  );
}
